import Metrics
import Testing

/// Histograms: cumulative buckets ending in `+Inf`, `_count` equal to it, `_sum`.
@Suite struct HistogramTests {
    @Test func cumulativeBucketsWithInfAndCount() throws {
        let registry = MetricsRegistry()
        let family = try registry.histogram("request_duration_seconds", help: "Time to answer.", labelNames: ["route"],
                                            buckets: [0.1, 0.5, 1])
        let query = family.labels("/health/query")
        for value in [0.05, 0.1, 0.3, 0.7, 0.7, 3] { query.observe(value) }
        family.labels("/a").observe(2)
        #expect(registry.render() == """
            # HELP request_duration_seconds Time to answer.
            # TYPE request_duration_seconds histogram
            request_duration_seconds_bucket{route="/a",le="0.1"} 0
            request_duration_seconds_bucket{route="/a",le="0.5"} 0
            request_duration_seconds_bucket{route="/a",le="1"} 0
            request_duration_seconds_bucket{route="/a",le="+Inf"} 1
            request_duration_seconds_sum{route="/a"} 2
            request_duration_seconds_count{route="/a"} 1
            request_duration_seconds_bucket{route="/health/query",le="0.1"} 2
            request_duration_seconds_bucket{route="/health/query",le="0.5"} 3
            request_duration_seconds_bucket{route="/health/query",le="1"} 5
            request_duration_seconds_bucket{route="/health/query",le="+Inf"} 6
            request_duration_seconds_sum{route="/health/query"} 4.85
            request_duration_seconds_count{route="/health/query"} 6

            """)
    }

    /// Over many random observations: buckets never decrease, the last is `+Inf`, and
    /// `_count` equals it.
    @Test func invariantsOnManyObservations() throws {
        let registry = MetricsRegistry()
        let histogram = try registry.histogram("x_seconds", help: "h").labels()
        var state: UInt64 = 7
        for _ in 0..<10_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            histogram.observe(Double(state >> 40) / Double(1 << 24) * 20)
        }
        histogram.observe(.nan)
        let lines = registry.render().split(separator: "\n")
        let buckets = lines.filter { $0.hasPrefix("x_seconds_bucket") }
        #expect(buckets.count == Histogram.defaultBuckets.count + 1)
        #expect(buckets.last?.hasPrefix(#"x_seconds_bucket{le="+Inf"}"#) == true)
        let counts = buckets.map { Double($0.split(separator: " ").last!)! }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 })
        let count = lines.first { $0.hasPrefix("x_seconds_count ") }.map { Double($0.split(separator: " ").last!)! }
        #expect(count == counts.last)
        #expect(count == 10_000)
    }

    @Test func noObservationsRendersZeros() throws {
        let registry = MetricsRegistry()
        _ = try registry.histogram("empty_seconds", help: "h", buckets: [1, .infinity])
        #expect(registry.render() == """
            # HELP empty_seconds h
            # TYPE empty_seconds histogram
            empty_seconds_bucket{le="1"} 0
            empty_seconds_bucket{le="+Inf"} 0
            empty_seconds_sum 0
            empty_seconds_count 0

            """)
    }
}
