import Metrics
import Testing

/// Bounded label cardinality: past the cap, series fold into the `other` series.
@Suite struct CardinalityTests {
    static func seriesLines(_ text: String, _ name: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix(name + "{") || $0.hasPrefix(name + " ") }
    }

    static func value(_ text: String, _ prefix: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(prefix + " ") }.flatMap { Double($0.split(separator: " ").last!) }
    }

    @Test func thousandSourcesShowCapPlusOneSeriesSummed() throws {
        let registry = MetricsRegistry()
        let family = try registry.counter("samples_ingested_total", help: "Samples by source.", labelNames: ["source"],
                                          limit: SeriesLimit(maxSeries: 64, overflow: .sum))
        for source in 0..<1_000 {
            family.labels("source-\(source)").increment(by: Double(source % 5 + 1))
        }
        // A source that overflowed keeps counting into `other`.
        family.labels("source-999").increment(by: 10)
        let text = registry.render()
        let lines = Self.seriesLines(text, "samples_ingested_total")
        #expect(lines.count == 65)
        let increments: [Double] = (0..<1_000).map { Double($0 % 5 + 1) }
        let total: Double = increments.reduce(0, +) + 10
        let shown: [Double] = lines.map { Double($0.split(separator: " ").last!)! }
        #expect(shown.reduce(0, +) == total)
        let own: Double = increments.prefix(64).reduce(0, +)
        #expect(Self.value(text, #"samples_ingested_total{source="other"}"#) == total - own)
        // The first 64 sources seen keep their series.
        #expect(Self.value(text, #"samples_ingested_total{source="source-63"}"#) == 4)
        #expect(Self.value(text, #"samples_ingested_total{source="source-64"}"#) == nil)
    }

    @Test func histogramsFoldBySumming() throws {
        let registry = MetricsRegistry()
        let family = try registry.histogram("d_seconds", help: "h", labelNames: ["client"], buckets: [1],
                                            limit: SeriesLimit(maxSeries: 2, overflow: .sum))
        for client in 0..<10 { family.labels("c\(client)").observe(Double(client)) }
        let text = registry.render()
        #expect(Self.seriesLines(text, "d_seconds_count").count == 3)
        #expect(Self.value(text, #"d_seconds_count{client="other"}"#) == 8)
        #expect(Self.value(text, #"d_seconds_bucket{client="other",le="1"}"#) == 0)
        #expect(Self.value(text, #"d_seconds_sum{client="other"}"#) == Double((2..<10).reduce(0, +)))
    }

    /// A stored gauge folds with the reducer it declared, and only the collapsing label
    /// reads `other`.
    @Test func gaugesFoldWithTheirReducerPerKeptLabel() throws {
        let registry = MetricsRegistry()
        let family = try registry.gauge("queue_depth", help: "h", labelNames: ["client", "source"],
                                        limit: SeriesLimit(maxSeries: 2, collapsing: ["source"], overflow: .max))
        family.labels("phone", "s0").set(1)
        family.labels("phone", "s1").set(2)
        family.labels("phone", "s2").set(30)
        family.labels("phone", "s3").set(7)
        family.labels("watch", "s9").set(5)
        // A folded series that changes still counts with its new value, not on top of the old one.
        family.labels("phone", "s2").set(3)
        #expect(Self.seriesLines(registry.render(), "queue_depth") == [
            #"queue_depth{client="phone",source="other"} 7"#,
            #"queue_depth{client="phone",source="s0"} 1"#,
            #"queue_depth{client="phone",source="s1"} 2"#,
            #"queue_depth{client="watch",source="other"} 5"#,
        ])
        family.remove("phone", "s3")
        #expect(Self.value(registry.render(), #"queue_depth{client="phone",source="other"}"#) == 3)
    }

    /// The "seconds since the last sample per (client, source)" case: computed at scrape
    /// time, the oldest age of the folded series shown under `other`.
    @Test func collectedGaugeWithMaxReducer() throws {
        let registry = MetricsRegistry()
        try registry.collect("seconds_since_last_sample", help: "Age of the newest sample per client and source.",
                             type: .gauge, labelNames: ["client", "source"],
                             limit: SeriesLimit(maxSeries: 64, overflow: .max)) {
            (0..<1_000).map { CollectedSample(labels: ["phone", String(format: "s%04d", $0)], value: Double($0)) }
        }
        let text = registry.render()
        let lines = Self.seriesLines(text, "seconds_since_last_sample")
        #expect(lines.count == 65)
        // Sorted order keeps s0000…s0063; the rest fold, their maximum is 999.
        #expect(Self.value(text, #"seconds_since_last_sample{client="phone",source="s0063"}"#) == 63)
        #expect(Self.value(text, #"seconds_since_last_sample{client="other",source="other"}"#) == 999)
        #expect(text == registry.render())
    }

    @Test func collectedCountersSumDuplicatesAndOverflow() throws {
        let registry = MetricsRegistry()
        try registry.collect("rows_total", help: "h", type: .counter, labelNames: ["table"],
                             limit: SeriesLimit(maxSeries: 1, overflow: .sum)) {
            [CollectedSample(labels: ["b"], value: 2), CollectedSample(labels: ["a"], value: 1),
             CollectedSample(labels: ["c"], value: 3), CollectedSample(labels: ["a"], value: 4),
             CollectedSample(labels: ["wrong", "arity"], value: 100)]
        }
        #expect(Self.seriesLines(registry.render(), "rows_total") == [#"rows_total{table="a"} 5"#, #"rows_total{table="other"} 5"#])
    }
}
