import Testing
@testable import HealthDomain

/// Source names as clients spell them: one device, one source.
@Suite struct SourceNameTests {
    @Test func apostrophesAndNoBreakSpacesCompareEqual() {
        #expect(SourceName.normalized("Jane\u{2019}s Apple\u{00A0}Watch") == "Jane's Apple Watch")
        #expect(SourceName.normalized("Jane's Apple Watch") == "Jane's Apple Watch")
        let curly = SampleKey.derived(metric: .stepCount, source: "Jane\u{2019}s iPhone", startTimeMs: 1, endTimeMs: 2)
        let straight = SampleKey.derived(metric: .stepCount, source: "Jane's iPhone", startTimeMs: 1, endTimeMs: 2)
        #expect(curly == straight)
        let a = Sample(sampleKey: "a", metric: .stepCount, startTimeMs: 0, endTimeMs: 1, valueNumber: 1, unit: "count",
                       sourceName: "Jane\u{2019}s Apple\u{202F}Watch", timezone: "UTC")
        #expect(a.sourceIdentity == "Jane's Apple Watch")
        // Stored as sent.
        #expect(a.sourceName == "Jane\u{2019}s Apple\u{202F}Watch")
    }

    @Test func aMergedNameRanksAsItsBestMember() {
        let priority = SourcePriority.default
        #expect(priority.rank(sourceName: "iPhone|Apple Watch", bundleId: nil).patternIndex == 0)
        #expect(priority.rank(sourceName: "Oura|iPhone", bundleId: nil).patternIndex == 1)
        #expect(priority.rank(sourceName: "Oura", bundleId: nil).patternIndex == 2)
    }

    static func steps(_ key: String, _ start: Int64, _ source: String, value: Double = 100) -> Sample {
        Sample(sampleKey: key, metric: .stepCount, startTimeMs: start, endTimeMs: start + 600_000, valueNumber: value, unit: "count",
               sourceName: source, timezone: "UTC")
    }

    /// Aggregates show names as sent and match them in the normal form: two spellings of
    /// one watch are one source, shown as its latest sample (greatest end time) spelled it,
    /// whatever order the samples come in.
    @Test func aggregatesShowTheLatestSpellingOfOneSource() throws {
        let curly = "Ana\u{2019}s\u{00A0}Apple Watch"
        let day = DayKey("2026-04-09")!
        let base: Int64 = 1_775_692_800_000  // 2026-04-09T00:00Z
        let samples = [Self.steps("a", base + 3_600_000, "Ana's Apple Watch"), Self.steps("b", base + 7_200_000, curly),
                       Self.steps("c", base + 5_400_000, "iPhone")]
        for ordered in [samples, samples.reversed()] {
            let aggregate = DayAggregator.aggregate(metric: .stepCount, day: day, samples: ordered, priority: .default, clock: .shared)
            guard case .cumulative(let cumulative)? = aggregate else { Issue.record("no cumulative day"); return }
            #expect(cumulative.sources.map(\.name) == [curly, "iPhone"])
            #expect(cumulative.sources.first?.sampleCount == 2)
            #expect(cumulative.total == 300)
        }
        let readings = samples.map { sample -> Sample in
            var reading = sample
            reading.metric = .restingHeartRateBpm
            reading.unit = "bpm"
            reading.endTimeMs = reading.startTimeMs
            return reading
        }
        guard case .discrete(let discrete)? = DayAggregator.aggregate(metric: .restingHeartRateBpm, day: day, samples: readings,
                                                                       priority: .default, clock: .shared) else {
            Issue.record("no discrete day"); return
        }
        #expect(discrete.sources == [curly, "iPhone"])
        #expect(discrete.latestSource == curly)
        // The earlier spelling wins when its sample is the later one.
        let renamed = [Self.steps("a", base + 9_000_000, "Ana's Apple Watch"), Self.steps("b", base + 7_200_000, curly)]
        guard case .cumulative(let back)? = DayAggregator.aggregate(metric: .stepCount, day: day, samples: renamed, priority: .default, clock: .shared) else {
            Issue.record("no cumulative day"); return
        }
        #expect(back.sources.map(\.name) == ["Ana's Apple Watch"])
    }

    @Test func latestSpellingsKeepOnePerSource() {
        let curly = "Ana\u{2019}s Watch"
        #expect(SourceName.latestSpellings([("Ana's Watch", 1), (curly, 2), ("iPhone", 1)]).sorted() == ["Ana\u{2019}s Watch", "iPhone"].sorted())
        #expect(SourceName.latestSpellings([("Ana's Watch", 3), (curly, 2)]) == ["Ana's Watch"])
        // Equally recent: the byte-wise greater spelling, in either order.
        #expect(SourceName.latestSpellings([("Ana's Watch", 2), (curly, 2)]) == [curly])
        #expect(SourceName.latestSpellings([(curly, 2), ("Ana's Watch", 2)]) == [curly])
    }
}
