import Foundation
import Testing
import HTTPTransport
@testable import HealthAPI
@testable import HealthStore

/// One parsed family of an exposition: its HELP and TYPE lines and its samples in order.
struct ExpositionFamily {
    var help: String?
    var type: String?
    var samples: [(name: String, labels: [String: String], value: Double)] = []
}

/// Parses the Prometheus text format 0.0.4 strictly enough to check its rules: every line
/// is `# HELP`, `# TYPE` or a sample; a family's HELP and TYPE come once, before its
/// samples; its samples are contiguous; label values are quoted with `\\`, `\"` and `\n`
/// escaped. Returns the problems found beside the families.
func parseExposition(_ text: String) -> (families: [String: ExpositionFamily], problems: [String]) {
    var families: [String: ExpositionFamily] = [:]
    var problems: [String] = []
    var finished: Set<String> = []
    var current: String?
    func family(ofSample name: String) -> String {
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if families[base]?.type == "histogram" { return base }
        }
        return name
    }
    func enter(_ name: String) {
        if current != name {
            if let current { finished.insert(current) }
            if finished.contains(name) { problems.append("\(name) is split into two runs") }
            current = name
        }
    }
    if !text.isEmpty && !text.hasSuffix("\n") { problems.append("the text does not end in a line feed") }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        if line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE ") {
            let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count >= 3 else { problems.append("short comment: \(line)"); continue }
            let name = String(parts[2])
            let rest = parts.count > 3 ? String(parts[3]) : ""
            enter(name)
            if !(families[name]?.samples.isEmpty ?? true) { problems.append("\(name): a comment after its samples") }
            if line.hasPrefix("# HELP ") {
                if families[name]?.help != nil { problems.append("\(name): two HELP lines") }
                families[name, default: ExpositionFamily()].help = rest
            } else {
                if families[name]?.type != nil { problems.append("\(name): two TYPE lines") }
                families[name, default: ExpositionFamily()].type = rest
            }
            continue
        }
        guard !line.hasPrefix("#"), !line.isEmpty else { problems.append("unexpected line: \(line)"); continue }
        // name{labels} value
        let chars = Array(line)
        var index = 0
        var name = ""
        while index < chars.count, chars[index] != "{", chars[index] != " " { name.append(chars[index]); index += 1 }
        var labels: [String: String] = [:]
        if index < chars.count, chars[index] == "{" {
            index += 1
            while index < chars.count, chars[index] != "}" {
                var label = ""
                while index < chars.count, chars[index] != "=" { label.append(chars[index]); index += 1 }
                index += 1
                guard index < chars.count, chars[index] == "\"" else { problems.append("unquoted label value: \(line)"); break }
                index += 1
                var value = ""
                while index < chars.count, chars[index] != "\"" {
                    if chars[index] == "\\", index + 1 < chars.count {
                        switch chars[index + 1] {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: problems.append("unknown escape in \(line)")
                        }
                        index += 2
                    } else {
                        value.append(chars[index])
                        index += 1
                    }
                }
                index += 1
                if labels[label] != nil { problems.append("repeated label \(label): \(line)") }
                labels[label] = value
                if index < chars.count, chars[index] == "," { index += 1 }
            }
            index += 1
        }
        let valueText = String(chars[min(index, chars.count)...]).trimmingCharacters(in: .whitespaces)
        let value: Double? = switch valueText {
        case "+Inf": .infinity
        case "-Inf": -.infinity
        default: Double(valueText)
        }
        guard let value else { problems.append("unreadable value: \(line)"); continue }
        let owner = family(ofSample: name)
        enter(owner)
        if families[owner]?.type == nil { problems.append("\(owner): a sample before its TYPE") }
        families[owner, default: ExpositionFamily()].samples.append((name, labels, value))
    }
    for (name, family) in families {
        if family.help == nil { problems.append("\(name) has no HELP") }
        if family.type == nil { problems.append("\(name) has no TYPE") }
    }
    return (families, problems)
}

extension TestApp {
    /// `GET /metrics` with the configured (admin) token, parsed.
    func exposition() async -> (text: String, families: [String: ExpositionFamily]) {
        let reply = await send(.get, "/metrics")
        let text = String(decoding: reply.response.body, as: UTF8.self)
        return (text, parseExposition(text).families)
    }
}

extension ExpositionFamily {
    /// The value of the sample whose labels include `labels`.
    func value(_ labels: [String: String]) -> Double? {
        value(named: nil, labels)
    }

    /// The value of the sample named `name` (any name when nil) whose labels include `labels`.
    func value(named name: String?, _ labels: [String: String]) -> Double? {
        samples.first { sample in
            (name == nil || sample.name == name) && labels.allSatisfy { sample.labels[$0.key] == $0.value }
        }?.value
    }
}

@Suite struct MetricsRouteTests {
    static let now: Int64 = 1_775_800_000_000

    @Test func metricsNeedTheMetricsScopeOrAdmin() async throws {
        let app = TestApp()
        let missing = await app.send(.get, "/metrics", authorized: false)
        #expect(missing.status == 401)
        #expect(missing.errorCode == "UNAUTHORIZED")
        let reader = try app.token("viewer", [.read, .ingest, .intents])
        let refused = await app.send(.get, "/metrics", token: reader)
        #expect(refused.status == 403)
        #expect(refused.errorDetails?["scope"] as? String == "metrics")
        let scraper = try app.token("prometheus", [.metrics])
        let scraped = await app.send(.get, "/metrics", token: scraper)
        #expect(scraped.status == 200)
        #expect(scraped.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(String(decoding: scraped.response.body, as: UTF8.self).contains("# TYPE healthd_http_requests_total counter"))
        let admin = await app.send(.get, "/metrics")
        #expect(admin.status == 200)
        // The metrics scope reaches nothing else.
        let summary = await app.send(.get, "/health/summary/daily?day=2026-04-09", token: scraper)
        #expect(summary.status == 403)
        #expect(try Scope.parseList("metrics") == [.metrics])
    }

    @Test func publicMetricsNeedNoTokenAndNoMetricsTurnsTheRouteOff() async throws {
        let open = TestApp { $0.metricsPublic = true }
        let scraped = await open.send(.get, "/metrics", authorized: false)
        #expect(scraped.status == 200)
        let off = TestApp { $0.metricsEnabled = false }
        let absent = await off.send(.get, "/metrics")
        #expect(absent.status == 404)
        #expect(absent.errorMessage?.contains("--no-metrics") == true)
        #expect(off.app.services.metrics == nil)
    }

    @Test func theLiveExpositionKeepsTheTextFormatRules() async throws {
        let app = TestApp()
        // A source name that needs escaping, a request of each kind, a rejected sample.
        let samples = [sampleJSON("a", start: Self.now - 3_600_000, source: "Kim's \"Watch\"\\\nSeries"),
                       sampleJSON("b", start: Self.now - 3_600_000, unit: "furlong")]
        #expect(await app.send(.post, "/health/ingest", body: body(samples)).status == 207)
        _ = await app.send(.get, "/health")
        _ = await app.send(.get, "/nowhere")
        let (text, families) = await app.exposition()
        let (_, problems) = parseExposition(text)
        #expect(problems.isEmpty, "\(problems)")
        for name in ["healthd_http_requests_total", "healthd_http_request_duration_seconds", "healthd_ingest_samples_received_total",
                     "healthd_ingest_samples_total", "healthd_ingest_rejected_samples_total", "healthd_write_intents",
                     "healthd_last_sample_age_seconds", "healthd_import_jobs", "healthd_database_size_bytes",
                     "healthd_database_wal_size_bytes", "process_resident_memory_bytes", "process_cpu_seconds_total",
                     "process_open_fds", "process_start_time_seconds"] {
            #expect(families[name] != nil, "\(name) is missing")
        }
        #expect(text.components(separatedBy: "# TYPE healthd_http_requests_total ").count == 2, "one TYPE line per family")
        // The escaped source name reads back as sent.
        let ages = try #require(families["healthd_last_sample_age_seconds"])
        #expect(ages.value(["client": "native", "source": "Kim's \"Watch\"\\\nSeries"]) == 3000)
        // Histogram buckets: cumulative, ending in +Inf, which equals _count.
        let durations = try #require(families["healthd_http_request_duration_seconds"])
        #expect(durations.type == "histogram")
        let routes = Set(durations.samples.compactMap { $0.labels["route"] })
        for route in routes {
            let buckets = durations.samples.filter { $0.name.hasSuffix("_bucket") && $0.labels["route"] == route }
            #expect(buckets.last?.labels["le"] == "+Inf")
            #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.value <= $1.value }, "\(route) buckets are cumulative")
            #expect(buckets.last?.value == durations.value(named: "healthd_http_request_duration_seconds_count", ["route": route]))
        }
        #expect(durations.value(named: "healthd_http_request_duration_seconds_count", ["route": "/health"]) == 1)
        #expect(durations.value(named: "healthd_http_request_duration_seconds_count", ["route": "/health/ingest"]) == 1)
    }

    @Test func aThousandSourcesShowAsSixtyFourAndOther() async throws {
        let app = TestApp()
        // Source i's newest sample ended i seconds before now.
        let samples = (0..<1_000).map { i in
            sampleJSON("s\(i)", start: Self.now - 600_000 - Int64(i) * 1000, source: String(format: "source-%04d", i))
        }
        #expect(await app.send(.post, "/health/ingest", body: body(samples)).status == 200)
        let (_, families) = await app.exposition()
        let ages = try #require(families["healthd_last_sample_age_seconds"])
        #expect(ages.samples.count == 65)
        #expect(ages.samples.count <= 64 + SyncClient.allCases.count)
        #expect(ages.value(["client": "native", "source": "source-0000"]) == 0)
        #expect(ages.value(["client": "native", "source": "source-0063"]) == 63)
        #expect(ages.value(["client": "native", "source": "source-0064"]) == nil)
        // The folded 936 sources show as one series with the stalest age.
        #expect(ages.value(["client": "native", "source": "other"]) == 999)
        // Source names appear in no other family.
        for (name, family) in families where name != "healthd_last_sample_age_seconds" {
            #expect(!family.samples.contains { $0.labels.values.contains { $0.hasPrefix("source-") } }, "\(name)")
        }
        let received = try #require(families["healthd_ingest_samples_received_total"])
        #expect(received.value(["client": "native"]) == 1_000)
    }

    @Test func noHealthValueEverAppears() async throws {
        let app = TestApp()
        let native = [sampleJSON("steps", start: Self.now - 7_200_000, value: 12345.678),
                      sampleJSON("energy", metric: "dietary_energy_kcal", start: Self.now - 7_200_000, value: 2345.6789, unit: "kcal")]
        #expect(await app.send(.post, "/health/ingest", body: body(native)).status == 200)
        let healthSave = #"{"metric": "heart_rate", "samples": [{"date": "2026-04-09T12:00:00Z", "qty": 123.4567, "source": "Apple Watch"}]}"#
        #expect(await app.send(.post, "/api/apple/batch", body: healthSave).status == 200)
        let intent = #"{"externalId": "meal-1", "metric": "dietary_energy_kcal", "valueNumber": 987.6543, "unit": "kcal", "startTimeMs": 1775790000000, "timezone": "Europe/Berlin"}"#
        #expect(await app.send(.post, "/health/write-intents", body: intent).status == 200)
        let (text, families) = await app.exposition()
        for value in ["12345.678", "12345", "2345.6789", "123.4567", "987.6543", "meal-1"] {
            #expect(!text.contains(value), "\(value) appears in /metrics")
        }
        // What did arrive is counted.
        let outcomes = try #require(families["healthd_ingest_samples_total"])
        #expect(outcomes.value(["client": "native", "outcome": "inserted"]) == 2)
        #expect(outcomes.value(["client": "healthsave", "outcome": "inserted"]) == 1)
        #expect(families["healthd_write_intents"]?.value(["status": "pending"]) == 1)
        #expect(families["healthd_write_intents"]?.value(["status": "dead"]) == 0)
    }

    @Test func routesAreLabelledByTemplateNeverByRawPath() async throws {
        let app = TestApp()
        _ = await app.send(.get, "/health/write-intents/meal-xyz-123")
        _ = await app.send(.get, "/health/workouts/wk-abc-999")
        _ = await app.send(.get, "/no/such/path-777")
        _ = await app.send(.delete, "/health/ingest")
        let (text, families) = await app.exposition()
        for raw in ["meal-xyz-123", "wk-abc-999", "path-777", "/no/such"] {
            #expect(!text.contains(raw), "\(raw) appears in /metrics")
        }
        let requests = try #require(families["healthd_http_requests_total"])
        #expect(requests.value(["route": "/health/write-intents/{externalId}", "method": "GET", "status": "4xx"]) == 1)
        #expect(requests.value(["route": "/health/workouts/{id}", "method": "GET", "status": "4xx"]) == 1)
        #expect(requests.value(["route": "unmatched", "method": "GET", "status": "4xx"]) == 1)
        #expect(requests.value(["route": "unmatched", "method": "DELETE", "status": "4xx"]) == 1)
        let routes = Set(requests.samples.compactMap { $0.labels["route"] })
        let templates = Set(app.app.router.routes.map(\.path.template))
        #expect(routes.subtracting(templates) == ["unmatched", "transport"])
    }

    @Test func ingestsAreCountedPerClientAndRejectionsPerRule() async throws {
        let app = TestApp()
        let samples = [sampleJSON("ok", start: Self.now - 3_600_000), sampleJSON("bad-unit", start: Self.now - 3_600_000, unit: "furlong"),
                       sampleJSON("bad-again", start: Self.now - 3_600_000, unit: "parsec")]
        #expect(await app.send(.post, "/health/ingest", body: body(samples)).status == 207)
        #expect(await app.send(.post, "/health/ingest", body: body(samples)).status == 207)
        let (_, families) = await app.exposition()
        let outcomes = try #require(families["healthd_ingest_samples_total"])
        #expect(families["healthd_ingest_samples_received_total"]?.value(["client": "native"]) == 6)
        #expect(outcomes.value(["client": "native", "outcome": "inserted"]) == 1)
        #expect(outcomes.value(["client": "native", "outcome": "unchanged"]) == 1)
        #expect(outcomes.value(["client": "native", "outcome": "rejected"]) == 4)
        #expect(outcomes.value(["client": "observations", "outcome": "inserted"]) == 0)
        let rules = try #require(families["healthd_ingest_rejected_samples_total"])
        #expect(rules.samples.map(\.value).reduce(0, +) == 4)
        #expect(rules.samples.allSatisfy { !($0.labels["rule"] ?? "").isEmpty })
    }

    @Test func readyIsPublicAndAnswers200() async throws {
        let app = TestApp()
        let reply = await app.send(.get, "/ready", authorized: false)
        #expect(reply.status == 200)
        #expect(reply.json["status"] as? String == "ready")
        #expect((reply.json["checks"] as? [String: String]) == ["database": "ok", "writer": "ok"])
    }

    @Test func readyAnswers503WhenTheDatabaseIsClosed() async throws {
        let app = TestApp()
        app.store.pool.close()
        let reply = await app.send(.get, "/ready", authorized: false)
        #expect(reply.status == 503)
        #expect(reply.errorCode == "SERVICE_UNAVAILABLE")
        #expect(reply.errorDetails?["database"] as? String == "the database is closed")
        #expect(reply.errorDetails?["writer"] as? String == "ok")
        #expect(reply.header("Retry-After") != nil)
        // /health stays liveness, and /metrics still answers without the store's series.
        #expect(await app.send(.get, "/health").status == 200)
        let (_, families) = await app.exposition()
        #expect(families["healthd_write_intents"] == nil)
        #expect(families["healthd_http_requests_total"] != nil)
    }

    @Test func readyAnswers503WhileTheWriterIsStuck() async throws {
        let app = TestApp { $0.readyWriterStallSeconds = 0 }
        let release = DispatchSemaphore(value: 0)
        // A write job that holds the writer thread (a dedicated thread, not the pool's).
        let stuck = Task { try await app.store.pool.writeWithoutTransaction { _ in release.wait() } }
        while app.store.writerJobRunningSeconds == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        let reply = await app.send(.get, "/ready", authorized: false)
        #expect(reply.status == 503)
        #expect((reply.errorDetails?["writer"] as? String)?.contains("running one job") == true)
        #expect(reply.errorDetails?["database"] as? String == "ok")
        release.signal()
        try await stuck.value
        while app.store.writerJobRunningSeconds > 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(await app.send(.get, "/ready", authorized: false).status == 200)
    }
}
