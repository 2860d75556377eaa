import Foundation
import Metrics
import Testing

/// The text format itself: escaping, number formatting, one HELP/TYPE per family, order.
@Suite struct ExpositionTests {
    @Test func escapingOfHelpAndLabelValues() throws {
        let registry = MetricsRegistry()
        let family = try registry.counter("escapes_total", help: "A \\ backslash,\na line feed and \"quotes\".", labelNames: ["path"])
        family.labels("C:\\dir\\\"quoted\"\nnext").increment()
        #expect(registry.render() == """
            # HELP escapes_total A \\\\ backslash,\\na line feed and "quotes".
            # TYPE escapes_total counter
            escapes_total{path="C:\\\\dir\\\\\\"quoted\\"\\nnext"} 1

            """)
    }

    @Test func escapeFunctionsOnTheirOwn() {
        #expect(PrometheusText.escapeHelp(#"a\b"# + "\n" + #""c""#) == #"a\\b\n"c""#)
        #expect(PrometheusText.escapeLabelValue(#"a\b"# + "\n" + #""c""#) == #"a\\b\n\"c\""#)
        #expect(PrometheusText.escapeLabelValue("ünïcødé ✓") == "ünïcødé ✓")
    }

    @Test func numberFormatting() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-3, "-3"), (1_000_000, "1000000"), (1e15, "1000000000000000"),
            (0.5, "0.5"), (0.1, "0.1"), (0.005, "0.005"), (2.5, "2.5"), (1e-5, "1e-05"), (123.456, "123.456"),
            (9_007_199_254_740_992, "9007199254740992"), (1e19, "1e+19"), (1e300, "1e+300"), (-2.5e-300, "-2.5e-300"),
            (.infinity, "+Inf"), (-.infinity, "-Inf"), (.nan, "NaN"),
        ]
        for (value, text) in cases {
            #expect(PrometheusText.format(value) == text, "\(value)")
            if value.isFinite { #expect(Double(text) == value) }
        }
    }

    @Test func oneHelpAndTypePerFamilyAndSortedOutput() throws {
        let registry = MetricsRegistry()
        let requests = try registry.counter("http_requests_total", help: "Requests.", labelNames: ["route", "status"])
        let inFlight = try registry.gauge("http_in_flight", help: "Requests being served.")
        let build = try registry.gauge("build_info", help: "Build.", labelNames: ["version"])
        requests.labels("/b", "200").increment(by: 2)
        requests.labels("/a", "500").increment()
        requests.labels("/a", "200").increment(by: 3)
        inFlight.labels().set(4)
        build.labels("1.0").set(1)
        let text = registry.render()
        #expect(text == """
            # HELP build_info Build.
            # TYPE build_info gauge
            build_info{version="1.0"} 1
            # HELP http_in_flight Requests being served.
            # TYPE http_in_flight gauge
            http_in_flight 4
            # HELP http_requests_total Requests.
            # TYPE http_requests_total counter
            http_requests_total{route="/a",status="200"} 3
            http_requests_total{route="/a",status="500"} 1
            http_requests_total{route="/b",status="200"} 2

            """)
        for name in ["build_info", "http_in_flight", "http_requests_total"] {
            #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("# TYPE \(name) ") }.count == 1)
            #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("# HELP \(name) ") }.count == 1)
        }
    }

    /// The same state reached in a different order renders to the same bytes.
    @Test func deterministicOutput() throws {
        func build(reversed: Bool) throws -> String {
            let registry = MetricsRegistry()
            var names = ["zeta_total", "alpha_total", "mid_total"]
            if reversed { names.reverse() }
            var values = (0..<50).map { "source-\($0 * 7 % 50)" }
            if reversed { values.reverse() }
            for name in names {
                let family = try registry.counter(name, help: "h", labelNames: ["source"])
                for value in values { family.labels(value).increment() }
            }
            let latency = try registry.histogram("latency_seconds", help: "h", labelNames: ["route"])
            for route in reversed ? ["b", "a"] : ["a", "b"] { latency.labels(route).observe(0.2) }
            return registry.render()
        }
        let a = try build(reversed: false)
        #expect(a == (try build(reversed: true)))
        let lines = a.split(separator: "\n").filter { $0.hasPrefix("alpha_total{") }
        #expect(lines.count == 50)
        #expect(lines == lines.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func familiesWithoutSeriesAreLeftOut() throws {
        let registry = MetricsRegistry()
        _ = try registry.counter("never_total", help: "Labelled and never used.", labelNames: ["x"])
        _ = try registry.counter("unlabelled_total", help: "Shown at zero.")
        #expect(registry.render() == "# HELP unlabelled_total Shown at zero.\n# TYPE unlabelled_total counter\nunlabelled_total 0\n")
    }

    @Test func countersIgnoreNegativeAmountsAndGaugesMoveBothWays() throws {
        let registry = MetricsRegistry()
        let counter = try registry.counter("c_total", help: "h").labels()
        counter.increment(by: 2.5)
        counter.increment(by: -1)
        counter.increment(by: .nan)
        #expect(counter.value == 2.5)
        let gauge = try registry.gauge("g", help: "h").labels()
        gauge.increment(by: 3)
        gauge.decrement()
        #expect(gauge.value == 2)
        gauge.set(-7.25)
        #expect(gauge.value == -7.25)
    }

    @Test func handlesAreStablePerLabelSet() throws {
        let family = try MetricsRegistry().counter("c_total", help: "h", labelNames: ["a"])
        #expect(family.labels("x") === family.labels(["x"]))
        #expect(family.labels("x") !== family.labels("y"))
    }

    /// Many tasks counting through the same handles lose no increment.
    @Test func concurrentIncrementsAllCount() async throws {
        let registry = MetricsRegistry()
        let family = try registry.counter("hits_total", help: "h", labelNames: ["worker"])
        let latency = try registry.histogram("work_seconds", help: "h", buckets: [0.5, 1])
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    let counter = family.labels("w\(worker % 2)")
                    let histogram = latency.labels()
                    for index in 0..<5_000 {
                        counter.increment()
                        histogram.observe(Double(index % 3) * 0.5)
                    }
                }
            }
        }
        #expect(family.labels("w0").value == 20_000)
        #expect(family.labels("w1").value == 20_000)
        #expect(latency.labels().count == 40_000)
        _ = registry.render()
    }
}
