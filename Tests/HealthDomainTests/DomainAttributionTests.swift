import HealthTesting
import Testing
@testable import HealthDomain

@Suite struct DomainAttributionTests {
    let clock = DomainFixtures.clock
    typealias F = DomainFixtures

    @Test func stepsAcrossMidnightSplitByDuration() {
        let s = F.sample("a", .stepCount, F.local("2026-04-10", 23, 30), F.local("2026-04-11", 0, 30), value: 1000)
        let days = DayAttribution.days(for: s, clock: clock)
        #expect(days.map(\.description) == ["2026-04-10", "2026-04-11"])
        #expect(DayAttribution.share(of: s, in: days[0], clock: clock)?.value == 500)
        #expect(DayAttribution.share(of: s, in: days[1], clock: clock)?.value == 500)
        #expect(DayAttribution.share(of: s, in: days[1].adding(days: 1), clock: clock) == nil)
        for day in days {
            guard case .cumulative(let agg)? = DayAggregator.aggregate(
                metric: .stepCount, day: day, samples: [s], priority: .default, clock: clock)
            else { Issue.record("no aggregate"); continue }
            #expect(agg.total == 500)
        }
    }

    @Test func sampleEndingAtMidnightStaysOnItsDay() {
        let s = F.sample("a", .activeEnergyKcal, F.local("2026-04-10", 23), F.local("2026-04-11", 0), value: 50)
        #expect(DayAttribution.days(for: s, clock: clock).map(\.description) == ["2026-04-10"])
        let instant = F.sample("b", .dietaryEnergyKcal, F.local("2026-04-11", 0), F.local("2026-04-11", 0), value: 300)
        #expect(DayAttribution.days(for: instant, clock: clock).map(\.description) == ["2026-04-11"])
    }

    @Test func sampleSpanningThreeDaysOnDSTSplitsByRealHours() {
        // 2026-03-28 12:00 → 2026-03-30 12:00 Berlin: 12 h + 23 h + 12 h = 47 h.
        let s = F.sample("a", .stepCount, F.local("2026-03-28", 12), F.local("2026-03-30", 12), value: 4700)
        let days = DayAttribution.days(for: s, clock: clock)
        #expect(days.map(\.description) == ["2026-03-28", "2026-03-29", "2026-03-30"])
        let values = days.map { DayAttribution.share(of: s, in: $0, clock: clock)!.value }
        #expect(values.map { ($0 * 1000).rounded() / 1000 } == [1200, 2300, 1200])
    }

    @Test func discreteUsesStartDay() {
        let s = F.sample("a", .restingHeartRateBpm, F.local("2026-04-10", 23, 50), F.local("2026-04-11", 0, 10), value: 55)
        #expect(DayAttribution.days(for: s, clock: clock).map(\.description) == ["2026-04-10"])
        let raw = F.sample("b", "blood_ketones_mmol_l", F.local("2026-04-10", 23, 50), F.local("2026-04-11", 1), value: 90)
        #expect(DayAttribution.days(for: raw, clock: clock).map(\.description) == ["2026-04-10"])
        #expect(DayAggregator.aggregate(
            metric: raw.metric, day: DayKey("2026-04-10")!, samples: [raw], priority: .default, clock: clock) == nil)
    }

    @Test func ownZoneDecidesTheDay() {
        let t = Int64(DayKey("2026-04-10")!.ordinal) * 86_400_000 + 20 * 3_600_000  // 20:00 UTC
        let berlin = F.sample("a", .stepCount, t, t + 60_000, value: 10, zone: "Europe/Berlin")
        let tokyo = F.sample("b", .stepCount, t, t + 60_000, value: 10, zone: "Asia/Tokyo")
        #expect(DayAttribution.days(for: berlin, clock: clock).map(\.description) == ["2026-04-10"])
        #expect(DayAttribution.days(for: tokyo, clock: clock).map(\.description) == ["2026-04-11"])
    }

    func night(_ start: Int64, _ end: Int64) -> String {
        let s = F.sample("n", .sleepSegment, start, end, category: .asleep)
        let days = DayAttribution.days(for: s, clock: clock)
        #expect(days.count == 1)
        return days[0].description
    }

    @Test func nightKeys() {
        #expect(night(F.local("2026-04-10", 23, 10), F.local("2026-04-11", 6, 45)) == "2026-04-11")
        #expect(night(F.local("2026-04-10", 13, 30), F.local("2026-04-10", 15)) == "2026-04-10")  // nap
        #expect(night(F.local("2026-04-10", 17), F.local("2026-04-10", 18)) == "2026-04-11")
        #expect(night(F.local("2026-04-10", 17), F.local("2026-04-10", 17, 59)) == "2026-04-10")
        #expect(night(F.local("2026-04-10", 21), F.local("2026-04-10", 23, 30)) == "2026-04-11")
        #expect(night(F.local("2026-04-10", 22), F.local("2026-04-11", 0)) == "2026-04-11")
        // Both halves of one night share the key.
        #expect(night(F.local("2026-04-10", 23, 10), F.local("2026-04-11", 0, 20))
            == night(F.local("2026-04-11", 0, 20), F.local("2026-04-11", 6, 45)))
    }
}
