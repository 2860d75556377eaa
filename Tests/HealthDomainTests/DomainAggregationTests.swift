import HealthTesting
import Testing
@testable import HealthDomain

@Suite struct DomainAggregationTests {
    let clock = DomainFixtures.clock
    typealias F = DomainFixtures
    let day = DayKey("2026-04-10")!

    func cumulative(_ metric: Metric, _ samples: [Sample], priority: SourcePriority = .default) -> CumulativeDay? {
        guard case .cumulative(let result)? = DayAggregator.aggregate(
            metric: metric, day: day, samples: samples, priority: priority, clock: clock)
        else { return nil }
        return result
    }

    var watchAndPhone: [Sample] {
        [
            F.sample("w1", .stepCount, F.local("2026-04-10", 10), F.local("2026-04-10", 10, 30), value: 3000, source: "Jane's Apple Watch"),
            F.sample("p1", .stepCount, F.local("2026-04-10", 10, 15), F.local("2026-04-10", 10, 45), value: 1500, source: "Jane's iPhone"),
        ]
    }

    @Test func watchOutranksPhoneWherePartlyOverlapping() throws {
        let day = try #require(cumulative(.stepCount, watchAndPhone))
        #expect(day.total == 3750)
        #expect(day.sampleCount == 2)
        #expect(day.sources == [
            SourceContribution(name: "Jane's Apple Watch", total: 3000, counted: 3000, sampleCount: 1),
            SourceContribution(name: "Jane's iPhone", total: 1500, counted: 750, sampleCount: 1),
        ])
        let json = day.json
        #expect(json["total"] == .number(3750))
        #expect(json["sources"]?.arrayValue?[1]["counted"] == .number(750))
    }

    @Test func customPriorityPutsPhoneFirstWithThreeSources() throws {
        // iPhone 10:15–10:45 = 1500, Watch 10:00–10:30 = 3000, a ring 10:40–11:00 = 400.
        let ring = F.sample("r1", .stepCount, F.local("2026-04-10", 10, 40), F.local("2026-04-10", 11), value: 400, source: "RingConn")
        let priority = SourcePriority(parsing: "iPhone, Apple Watch")
        let day = try #require(cumulative(.stepCount, watchAndPhone + [ring], priority: priority))
        // iPhone counts fully (1500). Watch: 10:15–10:30 covered → counts 10:00–10:15 = 1500.
        // Ring (unmatched, last): 10:40–10:45 covered by iPhone → counts 15 of 20 min = 300.
        #expect(day.sources.map(\.name) == ["Jane's iPhone", "Jane's Apple Watch", "RingConn"])
        #expect(day.sources.map(\.counted) == [1500, 1500, 300])
        #expect(day.sources.map(\.total) == [1500, 3000, 400])
        #expect(day.total == 3300)
        #expect(day.sampleCount == 3)
    }

    @Test func instantsCountUnlessInsideCoveredTime() throws {
        let samples = [
            F.sample("w", .activeEnergyKcal, F.local("2026-04-10", 8), F.local("2026-04-10", 9), value: 100, source: "Apple Watch"),
            F.sample("i1", .activeEnergyKcal, F.local("2026-04-10", 8, 30), F.local("2026-04-10", 8, 30), value: 20, source: "Some App"),
            F.sample("i2", .activeEnergyKcal, F.local("2026-04-10", 9), F.local("2026-04-10", 9), value: 30, source: "Some App"),
        ]
        let day = try #require(cumulative(.activeEnergyKcal, samples))
        #expect(day.total == 130)  // 08:30 is covered; 09:00 is the watch's exclusive end.
        #expect(day.sources[1] == SourceContribution(name: "Some App", total: 50, counted: 30, sampleCount: 2))
    }

    @Test func sameSourceDoesNotDeduplicateItself() throws {
        let samples = [
            F.sample("a", .stepCount, F.local("2026-04-10", 10), F.local("2026-04-10", 11), value: 100, source: "Apple Watch"),
            F.sample("b", .stepCount, F.local("2026-04-10", 10, 30), F.local("2026-04-10", 11), value: 50, source: "Apple Watch"),
        ]
        #expect(try #require(cumulative(.stepCount, samples)).total == 150)
    }

    @Test func dietaryEnergyCountsEveryEntry() throws {
        let samples = [
            F.sample("a", .dietaryEnergyKcal, F.local("2026-04-10", 12), F.local("2026-04-10", 12), value: 600, source: "MyFitnessPal"),
            F.sample("b", .dietaryEnergyKcal, F.local("2026-04-10", 12), F.local("2026-04-10", 12), value: 250, source: "Apple Watch"),
        ]
        let day = try #require(cumulative(.dietaryEnergyKcal, samples))
        #expect(day.total == 850)
        #expect(day.sources.allSatisfy { $0.counted == $0.total })
    }

    @Test func samplesOfOtherDaysAndMetricsAreIgnored() {
        let other = F.sample("x", .stepCount, F.local("2026-04-11", 10), F.local("2026-04-11", 11), value: 999, source: "Apple Watch")
        let wrongMetric = F.sample("y", .activeEnergyKcal, F.local("2026-04-10", 10), F.local("2026-04-10", 11), value: 5)
        #expect(cumulative(.stepCount, [other, wrongMetric]) == nil)
        #expect(cumulative(.stepCount, watchAndPhone + [other, wrongMetric])?.total == 3750)
    }

    @Test func discreteStatistics() throws {
        let samples = [
            F.sample("a", .bodyMassKg, F.local("2026-04-10", 7), F.local("2026-04-10", 7), value: 80.4, source: "Withings"),
            F.sample("b", .bodyMassKg, F.local("2026-04-10", 21), F.local("2026-04-10", 21), value: 81.0, source: "Withings"),
            F.sample("c", .bodyMassKg, F.local("2026-04-10", 12), F.local("2026-04-10", 12), value: 80.1, source: "Jane's iPhone"),
        ]
        guard case .discrete(let d)? = DayAggregator.aggregate(
            metric: .bodyMassKg, day: day, samples: samples, priority: .default, clock: clock)
        else { Issue.record("expected discrete"); return }
        #expect(d.min == 80.1 && d.max == 81.0 && d.latest == 81.0)
        #expect(abs(d.avg - 80.5) < 1e-12)
        #expect(d.latestTimeMs == F.local("2026-04-10", 21))
        #expect(d.latestSource == "Withings")
        #expect(d.sampleCount == 3)
        #expect(d.sources == ["Jane's iPhone", "Withings"])
        #expect(d.json["avg"] == .number(80.5))
    }

    @Test func discreteLatestTieBreaksOnSampleKey() {
        let t = F.local("2026-04-10", 7)
        let samples = [
            F.sample("k-a", .restingHeartRateBpm, t, t, value: 50),
            F.sample("k-b", .restingHeartRateBpm, t, t, value: 60),
        ]
        for order in [samples, samples.reversed()] {
            guard case .discrete(let d)? = DayAggregator.aggregate(
                metric: .restingHeartRateBpm, day: day, samples: order, priority: .default, clock: clock)
            else { Issue.record("expected discrete"); return }
            #expect(d.latest == 60)
        }
    }
}
