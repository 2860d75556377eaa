import Metrics
import Testing

/// What registration refuses: bad names, clashes, bad buckets and limits.
@Suite struct RegistrationTests {
    static func kind(_ body: () throws -> Void) -> MetricsError.Kind? {
        do {
            try body()
            return nil
        } catch {
            return (error as? MetricsError)?.kind
        }
    }

    @Test func nameRules() {
        for name in ["a", "_a", ":a", "a:b_c9", "ABC"] { #expect(MetricName.isValidMetricName(name), "\(name)") }
        for name in ["", "9a", "a-b", "a b", "a.b", "é"] { #expect(!MetricName.isValidMetricName(name), "\(name)") }
        for name in ["a", "_a", "a9", "A_b"] { #expect(MetricName.isValidLabelName(name), "\(name)") }
        for name in ["", "9a", "a:b", "a-b"] { #expect(!MetricName.isValidLabelName(name), "\(name)") }
    }

    @Test func refusals() throws {
        let registry = MetricsRegistry()
        _ = try registry.histogram("latency_seconds", help: "h")
        let cases: [(MetricsError.Kind, () throws -> Void)] = [
            (.invalidMetricName, { _ = try registry.counter("bad-name", help: "h") }),
            (.invalidLabelName, { _ = try registry.counter("a_total", help: "h", labelNames: ["bad:label"]) }),
            (.invalidLabelName, { _ = try registry.counter("a_total", help: "h", labelNames: ["__reserved"]) }),
            (.invalidLabelName, { _ = try registry.counter("a_total", help: "h", labelNames: ["x", "x"]) }),
            (.invalidLabelName, { _ = try registry.histogram("b_seconds", help: "h", labelNames: ["le"]) }),
            (.duplicateName, { _ = try registry.gauge("latency_seconds", help: "h") }),
            (.duplicateName, { _ = try registry.counter("latency_seconds_count", help: "h") }),
            (.invalidBuckets, { _ = try registry.histogram("c_seconds", help: "h", buckets: [1, 1]) }),
            (.invalidBuckets, { _ = try registry.histogram("c_seconds", help: "h", buckets: [2, 1]) }),
            (.invalidBuckets, { _ = try registry.histogram("c_seconds", help: "h", buckets: [.nan]) }),
            (.invalidLimit, { _ = try registry.counter("d_total", help: "h", labelNames: ["x"], limit: SeriesLimit(maxSeries: 0, overflow: .sum)) }),
            (.invalidLimit, { _ = try registry.counter("d_total", help: "h", labelNames: ["x"], limit: SeriesLimit(maxSeries: 5, overflow: .max)) }),
            (.invalidLimit, { _ = try registry.gauge("d", help: "h", labelNames: ["x"], limit: SeriesLimit(maxSeries: 5, collapsing: ["y"], overflow: .max)) }),
            (.invalidLimit, { _ = try registry.gauge("d", help: "h", limit: SeriesLimit(maxSeries: 5, overflow: .max)) }),
            (.unsupportedType, { try registry.collect("e", help: "h", type: .histogram) { [] } }),
        ]
        for (index, (kind, body)) in cases.enumerated() {
            #expect(Self.kind(body) == kind, "case \(index)")
        }
        _ = try registry.counter("a_total", help: "h", labelNames: ["x"])
        #expect(Self.kind { _ = try registry.counter("a_total", help: "h") } == .duplicateName)
    }
}
