import Foundation
import Metrics
import Testing

/// A registry with every kind of family, rendered: the sample `.ci/metrics-check` hands to
/// `promtool check metrics` (it sets METRICS_SAMPLE_PATH to get the text written out).
@Suite struct SampleExpositionTests {
    static func sampleRegistry() throws -> MetricsRegistry {
        let registry = MetricsRegistry()
        let requests = try registry.counter("http_requests_total", help: "HTTP requests served, by route and status.",
                                            labelNames: ["route", "status"])
        requests.labels("/health/query", "200").increment(by: 12)
        requests.labels("/health/ingest", "400").increment()
        let duration = try registry.histogram("http_request_duration_seconds", help: "Time to answer a request.",
                                              labelNames: ["route"])
        for value in [0.003, 0.02, 0.2, 1.5, 30] { duration.labels("/health/query").observe(value) }
        let ingested = try registry.counter("samples_ingested_total", help: "Samples stored, by source.",
                                            labelNames: ["source"], limit: SeriesLimit(maxSeries: 3, overflow: .sum))
        for source in ["Watch \"Series 9\"", "C:\\path", "multi\nline", "phone", "scale"] { ingested.labels(source).increment() }
        try registry.collect("seconds_since_last_sample", help: "Seconds since the newest sample,\nper client and source.",
                             type: .gauge, labelNames: ["client", "source"],
                             limit: SeriesLimit(maxSeries: 2, collapsing: ["source"], overflow: .max)) {
            [CollectedSample(labels: ["phone", "a"], value: 5), CollectedSample(labels: ["phone", "b"], value: 50),
             CollectedSample(labels: ["phone", "c"], value: 500)]
        }
        try registry.collect("database_size_bytes", help: "Size of the database file.", type: .gauge) {
            [CollectedSample(value: 1_073_741_824)]
        }
        try registry.registerProcessMetrics()
        return registry
    }

    @Test func sampleIsWellFormed() throws {
        let text = try Self.sampleRegistry().render()
        // Every line is a comment with HELP or TYPE, or `name{labels} value`.
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#") {
                #expect(line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE "), "\(line)")
            } else {
                let value = line.split(separator: " ").last.map(String.init) ?? ""
                #expect(Double(value) != nil || ["+Inf", "-Inf", "NaN"].contains(value), "\(line)")
            }
        }
        #expect(text.hasSuffix("\n"))
        if let path = ProcessInfo.processInfo.environment["METRICS_SAMPLE_PATH"] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
