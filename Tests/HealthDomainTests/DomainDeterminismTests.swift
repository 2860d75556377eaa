import HealthTesting
import Testing
@testable import HealthDomain

/// Property-style checks: the aggregate of a day depends only on the set of samples.
@Suite struct DomainDeterminismTests {
    let clock = DomainFixtures.clock
    let sources: [(String?, String?)] = [
        ("Jane's Apple Watch", "com.apple.health.A"), ("Jane's iPhone", "com.apple.health.B"),
        ("RingConn", "com.ringconn"), (nil, "com.example.app"), (nil, nil),
    ]
    let zones = ["Europe/Berlin", "Europe/Berlin", "Europe/Berlin", "America/New_York", "Asia/Tokyo"]
    /// Around the Berlin spring-forward night so DST days are exercised too.
    let origin = DomainFixtures.local("2026-03-28", 18)

    func randomSamples(_ metric: Metric, count: Int, rng: inout SplitMix64) -> [Sample] {
        (0..<count).map { index in
            let start = origin + Int64(rng.next() % (60 * 3_600)) * 1000
            let shape = rng.next() % 4
            let duration: Int64 =
                shape == 0 ? 0  // instant
                : shape == 1 ? Int64(rng.next() % (10 * 3_600)) * 1000  // long, often across midnight
                : Int64(rng.next() % 1_800) * 1000
            let source = sources[Int(rng.next() % UInt64(sources.count))]
            let category = SleepCategory.allCases[Int(rng.next() % UInt64(SleepCategory.allCases.count))]
            let isSleep = metric == .sleepSegment
            return Sample(
                sampleKey: "k\(index)-\(rng.next() % 1000)", metric: metric, startTimeMs: start,
                endTimeMs: start + duration,
                valueNumber: isSleep ? nil : Double(rng.next() % 100_000) / 7,
                categoryValue: isSleep ? category.rawValue : nil, unit: MetricCatalog.standard.spec(for: metric)?.unit ?? "category",
                sourceName: source.0, sourceBundleId: source.1,
                timezone: zones[Int(rng.next() % UInt64(zones.count))])
        }
    }

    @Test(arguments: [Metric.stepCount, .activeEnergyKcal, .dietaryEnergyKcal, .hrvSdnnMs, .sleepSegment])
    func shuffledInputGivesIdenticalAggregates(metric: Metric) {
        var rng = SplitMix64(seed: 42 &+ UInt64(metric.rawValue.utf8.count))
        let priorities = [SourcePriority.default, SourcePriority(parsing: "ring, iphone")]
        for round in 0..<25 {
            let samples = randomSamples(metric, count: 5 + round * 2, rng: &rng)
            let priority = priorities[round % 2]
            let days = Set(samples.flatMap { DayAttribution.days(for: $0, clock: clock) }).sorted()
            for day in days {
                let reference = DayAggregator.aggregate(
                    metric: metric, day: day, samples: samples, priority: priority, clock: clock)
                #expect(reference != nil)
                for _ in 0..<4 {
                    var shuffled = samples
                    shuffled.shuffle(using: &rng)
                    // A re-send of some samples and unrelated extras must not matter either.
                    let resent = Array(shuffled.prefix(3))
                    let extras = randomSamples(.bodyFatPercent, count: 2, rng: &rng)
                    let again = DayAggregator.aggregate(
                        metric: metric, day: day, samples: shuffled + extras, priority: priority, clock: clock)
                    #expect(again == reference)
                    let dedupedResend = Dictionary((shuffled + resent).map { ($0.sampleKey, $0) }, uniquingKeysWith: { a, _ in a })
                    #expect(DayAggregator.aggregate(
                        metric: metric, day: day, samples: Array(dedupedResend.values), priority: priority, clock: clock) == reference)
                }
            }
        }
    }

    @Test func deduplicatedTotalsStayBetweenBestSourceAndNaiveSum() {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<40 {
            let samples = randomSamples(.stepCount, count: 30, rng: &rng)
            var perSourceSum = 0.0
            for day in Set(samples.flatMap { DayAttribution.days(for: $0, clock: clock) }) {
                guard case .cumulative(let d)? = DayAggregator.aggregate(
                    metric: .stepCount, day: day, samples: samples, priority: .default, clock: clock)
                else { Issue.record("missing aggregate"); continue }
                let naive = d.sources.reduce(0) { $0 + $1.total }
                #expect(d.total <= naive + 1e-6)
                #expect(d.total >= d.sources[0].total - 1e-6)
                #expect(abs(d.total - d.sources.reduce(0) { $0 + $1.counted }) < 1e-6)
                perSourceSum += naive
            }
            // Splitting across days neither creates nor loses value.
            let all = samples.reduce(0) { $0 + $1.valueNumber! }
            #expect(abs(perSourceSum - all) < 1e-6 * max(1, all))
        }
    }

    @Test func sleepInvariantAlwaysHolds() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<60 {
            let samples = randomSamples(.sleepSegment, count: 20, rng: &rng)
            for day in Set(samples.flatMap { DayAttribution.days(for: $0, clock: clock) }) {
                guard case .sleep(let n)? = DayAggregator.aggregate(
                    metric: .sleepSegment, day: day, samples: samples, priority: .default, clock: clock)
                else { Issue.record("missing night"); continue }
                #expect(n.asleepMinutes == n.deepMinutes + n.remMinutes + n.coreMinutes + n.unspecifiedMinutes)
                if n.deepMs + n.remMs + n.coreMs > 0 { #expect(n.unspecifiedMs == 0) }
            }
        }
    }
}
