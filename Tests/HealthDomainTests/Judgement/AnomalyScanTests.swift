import Testing
@testable import HealthDomain

/// Anomalies (|z| ≥ threshold, unclamped) and the strain signal (two of five conditions).
@Suite struct AnomalyScanTests {
    typealias F = JudgementFixtures
    let start = F.day("2026-02-01")
    var d: DayKey { start.adding(days: 28) }

    /// HRV steady at 50 (spread: the 3 ms floor) for 28 days, then the given days.
    func hrv(_ tail: [Double?], status: DayStatus = .settled) -> DaySeries {
        DaySeries(metric: .hrvSdnnMs, values: F.values(from: start, Array(repeating: 50, count: 28))
                  + F.values(from: d, tail, status: status))
    }

    @Test func daysAtOrBeyondTheThresholdAreAnomalies() throws {
        // z: −3 (exactly at the threshold), +2.67, +3.3.
        let scan = try AnomalyScan.scan([hrv([41, 58, 59.9])], from: d, to: d.adding(days: 2))
        #expect(scan.threshold == 3)
        #expect(scan.anomalies.map(\.day) == [d, d.adding(days: 2)])
        let low = scan.anomalies[0]
        #expect(low.metric == .hrvSdnnMs && low.value == 41 && low.z == -3 && low.direction == .below && low.status == .settled)
        #expect(low.baseline.centre == 50 && low.baseline.spread == 3)
        let high = scan.anomalies[1]
        #expect(high.direction == .above && abs(high.z - 9.9 / 3) < 1e-12)
        #expect(scan.coverage == [MetricScanCoverage(metric: .hrvSdnnMs, daysWithData: 3, daysJudged: 3, daysWithoutBaseline: 0)])

        // Threshold 2 also catches z 2.67.
        let looser = try AnomalyScan.scan([hrv([41, 58, 59.9])], from: d, to: d.adding(days: 2), threshold: 2)
        #expect(looser.anomalies.count == 3)
    }

    @Test func zIsNotClampedAndProvisionalDaysAreMarked() throws {
        let scan = try AnomalyScan.scan([hrv([80], status: .provisional)], from: d, to: d)
        #expect(scan.anomalies.count == 1)
        #expect(scan.anomalies[0].z == 10 && scan.anomalies[0].status == .provisional)
    }

    @Test func daysWithoutABaselineAreCountedNotJudged() throws {
        let series = F.series(.hrvSdnnMs, from: start, [50, 51, 49, 90])
        let scan = try AnomalyScan.scan([series], from: start, to: start.adding(days: 3))
        #expect(scan.anomalies.isEmpty)
        #expect(scan.coverage == [MetricScanCoverage(metric: .hrvSdnnMs, daysWithData: 4, daysJudged: 0, daysWithoutBaseline: 4)])
    }

    @Test func rulesOnThresholdAndRange() {
        #expect(throws: JudgementError.self) { try AnomalyScan.scan([], from: d, to: d, threshold: 1.5) }
        #expect(throws: JudgementError.self) { try AnomalyScan.scan([], from: d, to: d, threshold: 4.5) }
        #expect(throws: JudgementError.self) { try AnomalyScan.scan([], from: d, to: d, threshold: .nan) }
        do {
            _ = try AnomalyScan.scan([], from: d, to: d.adding(days: 366))
            Issue.record("367 days were accepted")
        } catch {
            #expect(error.field == "to" && error.rule == "max_days")
        }
        do {
            _ = try AnomalyScan.scan([], from: d, to: d.adding(days: -1))
            Issue.record("a reversed range was accepted")
        } catch {
            #expect(error.rule == "order")
        }
        #expect((try? AnomalyScan.scan([], from: d, to: d.adding(days: 365), threshold: 4))?.anomalies == [])
    }

    @Test func strainNeedsTwoConditions() throws {
        // Baselines: resting HR 60 (floor 1), HRV 50 (floor 3), respiratory rate 15 (floor 0.5), wrist 36.0 (floor 0.2).
        func steady(_ metric: Metric, _ value: Double, _ tail: [Double?]) -> DaySeries {
            DaySeries(metric: metric, values: F.values(from: start, Array(repeating: value, count: 28)) + F.values(from: d, tail))
        }
        let series = [
            // +5 bpm exactly (met), +4.9 (not), +6 (met), none, +6 (met).
            steady(.restingHeartRateBpm, 60, [65, 64.9, 66, nil, 66]),
            // z −1.5 exactly (met), z −1 (not), none, z 0 (not), none.
            steady(.hrvSdnnMs, 50, [45.5, 47, nil, 50, nil]),
            // Day 3: z 2 exactly (met).
            steady(.respiratoryRatePerMin, 15, [nil, nil, nil, 16, nil]),
            // Day 3: +0.5 °C exactly (met).
            steady(.wristTemperatureDegC, 36.0, [nil, nil, nil, 36.5, nil]),
            // Nights: 359 min is under 6 h (met), 360 is not.
            DaySeries(metric: .sleepSegment, values: F.values(from: d, [420, 359, 359, 360, 360])),
        ]
        let scan = try AnomalyScan.scan(series, from: d, to: d.adding(days: 4))
        // Day 1 (only the short night) and day 4 (only resting HR) hold one condition each.
        #expect(scan.strain.map(\.day) == [d, d.adding(days: 2), d.adding(days: 3)])
        #expect(scan.strain.map(\.met) == [2, 2, 2])

        let first = scan.strain[0]
        #expect(first.status == .settled)
        #expect(first.checks.map(\.name) == StrainCheck.Name.allCases)
        #expect(first.checks.map(\.outcome) == [.met, .met, .unknown, .unknown, .notMet])
        #expect(first.checks[0].limit == 65 && first.checks[0].baselineCentre == 60 && first.checks[0].value == 65)
        #expect(first.checks[1].z == -1.5 && first.checks[1].limit == -1.5 && first.checks[1].compares == .z)
        #expect(first.checks[4].limit == 360 && first.checks[4].value == 420)

        #expect(scan.strain[1].checks.map(\.outcome) == [.met, .unknown, .unknown, .unknown, .met])
        let third = scan.strain[2]
        #expect(third.checks.map(\.outcome) == [.unknown, .notMet, .met, .met, .notMet])
        #expect(third.checks[3].limit == 36.5 && third.checks[2].z == 2)
        // The short-sleep rule reads no baseline.
        #expect(third.checks[4].baselineCentre == nil && third.checks[4].baselineDays == nil)
    }

    @Test func strainWithoutBaselinesIsUnknownNotMet() throws {
        // Resting HR with five days of history: no baseline, so the +5 bpm rule is unknown even at 80 bpm.
        let rhr = F.series(.restingHeartRateBpm, from: start, [60, 60, 60, 60, 60, 80])
        let sleep = DaySeries(metric: .sleepSegment, values: F.values(from: start.adding(days: 5), [300], status: .provisional))
        let scan = try AnomalyScan.scan([rhr, sleep], from: start, to: start.adding(days: 5))
        #expect(scan.strain.isEmpty)
    }

    @Test func aProvisionalInputMarksTheSignal() throws {
        let rhr = DaySeries(metric: .restingHeartRateBpm, values: F.values(from: start, Array(repeating: 60, count: 28))
                            + [DayValue(day: d, value: 70, source: "Apple Watch")])
        let sleep = DaySeries(metric: .sleepSegment, values: F.values(from: d, [300], status: .provisional))
        let scan = try AnomalyScan.scan([rhr, sleep], from: d, to: d)
        #expect(scan.strain.count == 1 && scan.strain[0].status == .provisional)
        // The resting HR day is 10 bpm (z 10) above: also an anomaly, settled.
        #expect(scan.anomalies.map(\.metric) == [.restingHeartRateBpm] && scan.anomalies[0].status == .settled)
    }
}
