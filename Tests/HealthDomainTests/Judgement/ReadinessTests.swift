import Testing
@testable import HealthDomain

/// Readiness: components against steady baselines (HRV 50 ms, floor 3; resting HR
/// 60 bpm, floor 1; sleep 420 min, floor 20), so each z is chosen exactly by the day's value.
@Suite struct ReadinessTests {
    typealias F = JudgementFixtures
    let d = F.day("2026-03-01")

    func readiness(hrv: Double?, rhr: Double?, asleep: Double?, nightStatus: DayStatus = .settled, rhrDays: Int = 28) -> Readiness {
        Readiness.compute(day: d,
                          hrv: F.steady(.hrvSdnnMs, 50, before: d, today: hrv),
                          restingHeartRate: F.steady(.restingHeartRateBpm, 60, days: rhrDays, before: d, today: rhr),
                          asleep: F.steady(.sleepSegment, 420, before: d, today: asleep, todayStatus: nightStatus))
    }

    /// Values that give every component the same z (the resting HR one negated).
    func readiness(z: Double) -> Readiness { readiness(hrv: 50 + 3 * z, rhr: 60 - z, asleep: 420 + 20 * z) }

    @Test func everyComponentShowsItsArithmetic() throws {
        // HRV z 2; resting HR 58 → z −2, used +2; sleep z 1. 15 × (0.4·2 + 0.25·2 + 0.35·1) = 24.75 → 94.75 → 95.
        let r = readiness(hrv: 56, rhr: 58, asleep: 440)
        #expect(r.status == .scored && r.score == 95 && r.band == .optimal)
        #expect(r.components.map(\.name) == [.hrv, .restingHeartRate, .asleep])
        let (hrv, rhr, sleep) = (r.components[0], r.components[1], r.components[2])
        #expect(hrv.value == 56 && hrv.centre == 50 && hrv.spread == 3 && hrv.z == 2 && hrv.zUsed == 2)
        #expect(rhr.z == -2 && rhr.zUsed == 2 && !rhr.clamped)
        #expect(sleep.z == 1 && sleep.zUsed == 1 && !sleep.capped)
        #expect(hrv.weight == 0.4 && rhr.weight == 0.25 && sleep.weight == 0.35)
        #expect(abs(hrv.points - 12) < 1e-9 && abs(rhr.points - 7.5) < 1e-9 && abs(sleep.points - 5.25) < 1e-9)
        let raw = try #require(r.rawScore)
        #expect(abs(raw - 94.75) < 1e-9)
        #expect(abs(raw - (70 + r.components.reduce(0) { $0 + $1.points })) < 1e-9)
        #expect(r.missing.isEmpty && r.dayStatus == .settled && r.lastNight == .settled)
    }

    @Test func bandEdges() {
        for (score, band) in [(49, ReadinessBand.low), (50, .fair), (64, .fair), (65, .good), (79, .good), (80, .optimal)] {
            let r = readiness(z: (Double(score) - 70) / 15)
            #expect(r.score == score, "score \(score)")
            #expect(r.band == band, "score \(score)")
            #expect(ReadinessBand(score: score) == band)
        }
        #expect(ReadinessBand(score: 0) == .low && ReadinessBand(score: 100) == .optimal)
    }

    @Test func scoresClampAt0And100() {
        // z 4 everywhere: clamped to 3, sleep capped at 1: 70 + 15 × 2.3 = 104.5 → 100.
        let top = readiness(z: 4)
        #expect(top.score == 100 && top.band == .optimal)
        #expect(top.components.allSatisfy { $0.clamped })
        #expect(top.components[2].capped && top.components[2].zUsed == 1)
        #expect(abs(top.rawScore! - 104.5) < 1e-9)
        // The clamp to ±3 makes 25 the lowest score the components can give …
        let bottom = readiness(z: -4)
        #expect(bottom.score == 25 && bottom.band == .low && bottom.components.allSatisfy { $0.zUsed == -3 })
        // … and the 0–100 clamp still holds for the formula itself.
        #expect(Readiness.score(weightedZ: -5) == (-5, 0))
        #expect(Readiness.score(weightedZ: 3) == (115, 100))
    }

    @Test func roundingIsHalfAwayFromZero() {
        // 62.5 → 63 and 92.5 → 93 (half to even would give 62 and 92); 47.5 → 48.
        #expect(Readiness.score(weightedZ: -0.5).score == 63)
        #expect(Readiness.score(weightedZ: 1.5).score == 93)
        #expect(Readiness.score(weightedZ: -1.5).score == 48)
        #expect(Readiness.score(weightedZ: -0.5).raw == 62.5)
        let r = readiness(z: -0.5)
        #expect(r.score == Readiness.score(weightedZ: r.weightedZ!).score)
    }

    @Test func weightsRenormaliseWhenAComponentIsMissing() throws {
        // No resting HR today: HRV 0.40 / 0.75, sleep 0.35 / 0.75.
        let r = readiness(hrv: 53, rhr: nil, asleep: 400)
        #expect(r.status == .scored)
        #expect(r.components.map(\.name) == [.hrv, .asleep])
        #expect(abs(r.components[0].weight - 0.4 / 0.75) < 1e-12 && abs(r.components[1].weight - 0.35 / 0.75) < 1e-12)
        // HRV z 1, sleep z −1: (0.4 − 0.35) / 0.75 = 0.0667 → 71.
        #expect(abs(r.weightedZ! - 0.05 / 0.75) < 1e-12)
        #expect(r.score == 71)
        #expect(r.missing == [ReadinessMissingInput(name: .restingHeartRate, metric: .restingHeartRateBpm, reason: .noValue, baselineDays: 28)])
    }

    @Test func anInsufficientBaselineLeavesTheComponentOut() {
        let r = readiness(hrv: 53, rhr: 61, asleep: 400, rhrDays: 9)
        #expect(r.components.map(\.name) == [.hrv, .asleep])
        #expect(r.missing == [ReadinessMissingInput(name: .restingHeartRate, metric: .restingHeartRateBpm, reason: .insufficientBaseline, baselineDays: 9)])
    }

    @Test func oneComponentIsUnknown() {
        let r = readiness(hrv: 53, rhr: nil, asleep: nil)
        #expect(r.status == .unknown && r.score == nil && r.band == nil && r.rawScore == nil)
        #expect(r.missing.map(\.name) == [.restingHeartRate, .asleep])
        #expect(r.missing.allSatisfy { $0.reason == .noValue })
        #expect(r.lastNight == nil)
    }

    @Test func oversleepingDoesNotRaiseReadiness() {
        // Sleep z 2 is capped at 1; a short night (z −2) is not capped.
        let long = readiness(hrv: 50, rhr: 60, asleep: 460)
        #expect(long.components[2].z == 2 && long.components[2].zUsed == 1 && long.components[2].capped && !long.components[2].clamped)
        #expect(long.score == 75)  // 70 + 15 × 0.35 = 75.25
        let short = readiness(hrv: 50, rhr: 60, asleep: 380)
        #expect(short.components[2].zUsed == -2 && !short.components[2].capped)
        #expect(short.score == 60)  // 70 − 15 × 0.7 = 59.5 → 60
    }

    @Test func aProvisionalNightIsNamed() {
        let r = readiness(hrv: 50, rhr: 60, asleep: 300, nightStatus: .provisional)
        #expect(r.lastNight == .provisional && r.dayStatus == .provisional)
        #expect(r.components[2].status == .provisional)
    }
}
