import Foundation
import JSON
import Testing
@testable import HealthAPI
import SQLiteStore
import HealthDemo
import HealthDomain
import HealthFormats
@testable import HealthStore

@Suite struct QueryIntentTests {
    /// 2026-11-17T20:00Z: already the 18th in Auckland (UTC+13), still the 17th in Los Angeles (UTC−8).
    static let sameInstant: Int64 = 1_794_945_600_000

    @Test func yesterdayDependsOnTheTimezoneAtOneInstant() async {
        let app = TestApp(clock: .fixed(QueryIntentTests.sameInstant))
        let auckland = await app.send(.get, "/health/summary/yesterday?timezone=Pacific/Auckland")
        let losAngeles = await app.send(.post, "/health/query", body: #"{"intent":"yesterday_summary","timezone":"America/Los_Angeles"}"#)
        #expect(auckland.json["day"] as? String == "2026-11-17")
        #expect(losAngeles.json["day"] as? String == "2026-11-16")
        #expect(auckland.json["timezone"] as? String == "Pacific/Auckland")
        #expect(losAngeles.json["timezoneSource"] as? String == "request")
    }

    /// 00:30 local on the day after a DST change: 24 hours earlier is still two days back
    /// (the 23 h or 25 h day), so "now minus a day" would be wrong; the local date is right.
    @Test(arguments: [(Int64(1_774_823_400_000), "2026-03-29"), (Int64(1_792_971_000_000), "2026-10-25")])
    func yesterdayAcrossDaylightSavingChanges(nowMs: Int64, expected: String) async {
        let app = TestApp(clock: .fixed(nowMs))
        let reply = await app.send(.get, "/health/summary/yesterday?timezone=Europe/Berlin")
        #expect(reply.status == 200)
        #expect(reply.json["day"] as? String == expected)
    }

    @Test func timezoneFallsBackToServerDefaultThenUTC() async {
        let configured = TestApp(clock: .fixed(QueryIntentTests.sameInstant)) { $0.defaultTimezone = "Pacific/Auckland" }
        let reply = await configured.send(.get, "/health/summary/yesterday")
        #expect(reply.json["timezoneSource"] as? String == "server_default")
        #expect(reply.json["day"] as? String == "2026-11-17")
        let empty = TestApp(clock: .fixed(QueryIntentTests.sameInstant))
        let fallback = await empty.send(.get, "/health/summary/yesterday")
        #expect(fallback.json["timezone"] as? String == "UTC")
        #expect(fallback.json["timezoneSource"] as? String == "utc_fallback")
        #expect((fallback.json["text"] as? String)?.contains("no step data") == true)
    }

    @Test func noDataIsNamedNeverZero() async {
        let app = TestApp()
        let reply = await app.send(.get, "/health/summary/daily?day=2026-04-01&timezone=UTC")
        let metrics = reply.json["metrics"] as? [String: [String: Any]] ?? [:]
        #expect(metrics.count == 8)
        for (name, metric) in metrics {
            #expect(metric["status"] as? String == "no_data", "\(name)")
            #expect(metric["total"] == nil && metric["average"] == nil && metric["latest"] == nil, "\(name)")
        }
        #expect((reply.json["missing"] as? [String])?.count == 8)
    }

    /// (body, field named in details) — every one must be a 400 with an actionable message.
    static let badBodies: [(String, String)] = [
        (#"[]"#, "(body)"),
        (#""daily_summary""#, "(body)"),
        (#"{}"#, "intent"),
        (#"{"intent": 7}"#, "intent"),
        (#"{"intent": "weekly_summary"}"#, "intent"),
        (#"{"intent": "daily_summary"}"#, "day"),
        (#"{"intent": "daily_summary", "day": "2026-13-01"}"#, "day"),
        (#"{"intent": "daily_summary", "day": "2026-02-29"}"#, "day"),
        (#"{"intent": "daily_summary", "day": 20261117}"#, "day"),
        (#"{"intent": "daily_summary", "day": "17/11/2026"}"#, "day"),
        (#"{"intent": "daily_summary", "day": "2026-11-17", "tz": "UTC"}"#, "tz"),
        (#"{"intent": "daily_summary", "day": "2026-11-17", "timezone": "Mars/Olympus"}"#, "timezone"),
        (#"{"intent": "daily_summary", "day": "2026-11-17", "timezone": "PST"}"#, "timezone"),
        (#"{"intent": "yesterday_summary", "timezone": 1}"#, "timezone"),
        (#"{"intent": "range_summary", "from": "2026-11-17"}"#, "to"),
        (#"{"intent": "range_summary", "from": "2026-11-17", "to": "2026-11-01"}"#, "from"),
        (#"{"intent": "range_summary", "from": "2025-01-01", "to": "2026-01-02"}"#, "to"),
        (#"{"intent": "range_summary", "from": ["2026-11-01"], "to": "2026-11-02"}"#, "from"),
        (#"{"intent": "metric_series", "from": "2026-11-01", "to": "2026-11-02"}"#, "metric"),
        (#"{"intent": "metric_series", "metric": "grip_strength", "from": "2026-11-01", "to": "2026-11-02"}"#, "metric"),
        (#"{"intent": "metric_series", "metric": "step_count", "from": "2026-11-01", "to": "2026-11-02", "bucket": "year"}"#, "bucket"),
        (#"{"intent": "metric_series", "metric": "step_count", "from": "2020-01-01", "to": "2026-11-02"}"#, "to"),
        (#"{"intent": "compare_ranges", "a": {"from": "2026-11-01", "to": "2026-11-02"}}"#, "b"),
        (#"{"intent": "compare_ranges", "a": "2026-11", "b": {"from": "2026-11-01", "to": "2026-11-02"}}"#, "a"),
        (#"{"intent": "compare_ranges", "a": {"from": "2026-11-01", "to": "2026-11-02"}, "b": {"from": "2026-11-05"}}"#, "b.to"),
        (#"{"intent": "compare_ranges", "a": {"from": "2026-11-01", "to": "2026-11-02", "step": 1}, "b": {"from": "2026-11-01", "to": "2026-11-02"}}"#, "a.step"),
        (#"{"intent": "compare_ranges", "a": {"from": "2026-11-01", "to": "2026-11-02"}, "b": {"from": "2026-11-01", "to": "2026-11-02"}, "metrics": []}"#, "metrics"),
        (#"{"intent": "compare_ranges", "a": {"from": "2026-11-01", "to": "2026-11-02"}, "b": {"from": "2026-11-01", "to": "2026-11-02"}, "metrics": ["step_count", 3]}"#, "metrics[1]"),
        (#"{"intent": "sleep_report", "from": "2026-01-01", "to": "2026-06-30"}"#, "to"),
        (#"{"intent": "sleep_report", "from": null, "to": "2026-06-30"}"#, "from"),
    ]

    @Test func everyBadBodyIsAnActionable400() async {
        let app = TestApp()
        #expect(QueryIntentTests.badBodies.count >= 20)
        for (body, field) in QueryIntentTests.badBodies {
            let reply = await app.send(.post, "/health/query", body: body)
            #expect(reply.status == 400, "\(body) → \(reply.status)")
            #expect(["INVALID_PARAMETERS", "INVALID_DATE_RANGE"].contains(reply.errorCode ?? ""), "\(body) → \(reply.errorCode ?? "nil")")
            #expect(reply.errorDetails?["field"] as? String == field, "\(body) → field \(reply.errorDetails?["field"] ?? "nil")")
            let message = reply.errorMessage ?? ""
            // The message says what is allowed: the intents, or the intent's own fields.
            #expect(message.contains("daily_summary") || message.contains(" takes: "), "\(body) → \(message)")
        }
    }

    @Test func malformedJSONIsA400Too() async {
        let app = TestApp()
        for body in ["{", "{\"intent\": }", ""] {
            let reply = await app.send(.post, "/health/query", body: body)
            #expect(reply.status == 400, "\(body)")
        }
    }

    @Test(arguments: [
        "/health/summary/daily", "/health/summary/daily?day=yesterday", "/health/summary/daily?day=2026-11-17&tz=UTC",
        "/health/summary/daily?day=2026-11-17&timezone=Nowhere/Else", "/health/summary/range?from=2026-11-17&to=2026-11-01",
        "/health/summary/range?from=2024-01-01&to=2026-01-01", "/health/summary/range?from=2026-11-01",
        "/health/summary/yesterday?timezone=", "/health/summary/daily?day=2026-11-17&day=2026-11-18",
    ])
    func badSummaryParametersAre400(target: String) async {
        let app = TestApp()
        let reply = await app.send(.get, target)
        #expect(reply.status == 400, "\(target): \(String(decoding: reply.response.body, as: UTF8.self))")
        #expect(reply.errorDetails?["field"] != nil)
    }

    @Test func capabilitiesAloneAreEnoughToFormEveryQuery() async throws {
        let app = TestApp()
        let capabilities = await app.send(.get, "/health/capabilities")
        #expect(capabilities.status == 200)
        let query = capabilities.json["query"] as? [String: Any]
        let intents = query?["intents"] as? [[String: Any]] ?? []
        #expect(Set(intents.compactMap { $0["name"] as? String }) == ["daily_summary", "range_summary", "yesterday_summary", "metric_series", "compare_ranges", "sleep_report", "workouts",
                                                                     "readiness", "anomalies", "records", "correlation"])
        for intent in intents {
            #expect(intent["schema"] is [String: Any])
            let example = try JSONSerialization.data(withJSONObject: intent["example"] as Any)
            let reply = await app.send(.post, "/health/query", body: String(decoding: example, as: UTF8.self))
            #expect(reply.status == 200, "\(intent["name"] ?? ""): \(String(decoding: reply.response.body, as: UTF8.self))")
            #expect(reply.json["kind"] as? String == intent["name"] as? String)
        }
        let metrics = capabilities.json["metrics"] as? [String: [String: Any]] ?? [:]
        #expect(metrics.count == MetricCatalog.standard.specs.count && metrics.count > 8)
        #expect(metrics["body_mass_kg"]?["unit"] as? String == "kg")
        let rules = capabilities.json["rules"] as? [String: Any] ?? [:]
        for key in ["dayBoundary", "sleepNight", "timezone", "deduplication"] { #expect(rules[key] is String, "\(key)") }
        #expect((capabilities.json["server"] as? [String: Any])?["version"] is String)
    }

    @Test func openAPIDescribesTheQueryAsADiscriminatedOneOf() async {
        let app = TestApp()
        let document = await app.send(.get, "/health/openapi.json", authorized: false)
        let schemas = (document.json["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
        let request = schemas["QueryRequest"] as? [String: Any]
        #expect((request?["oneOf"] as? [Any])?.count == 11)
        #expect((request?["discriminator"] as? [String: Any])?["propertyName"] as? String == "intent")
        #expect(schemas["SleepReportQuery"] != nil)
        let paths = document.json["paths"] as? [String: Any] ?? [:]
        for path in ["/health/summary/daily", "/health/summary/range", "/health/summary/yesterday", "/health/query"] { #expect(paths[path] != nil, "\(path)") }
    }

    @Test func queuedEntriesAreShownBesideTotalsNeverInThem() async throws {
        struct FourHundredQueued: QueuedEntriesProvider {
            func queuedEntries(from: HealthDomain.DayKey, to: HealthDomain.DayKey, reader: StoreReader) throws -> [QueuedEntry] {
                [QueuedEntry(metric: .dietaryEnergyKcal, day: from, value: 400, status: .pending)]
            }
            var writeIntentKinds: [JSONValue] { ["dietary_energy_kcal"] }
        }
        let test = TestApp(clock: .fixed(QueryIntentTests.sameInstant))
        let services = AppServices(config: test.app.services.config, store: test.store, clock: .fixed(QueryIntentTests.sameInstant), queuedEntries: FourHundredQueued())
        let answer = try await QueryRunner(services: services).run(.dailySummary(day: DayKey("2026-11-17")!, timezone: "UTC"))
        #expect(answer["metrics"]?["dietary_energy_kcal"]?["status"]?.stringValue == "no_data")
        #expect(answer["queued"]?["totals"]?["dietary_energy_kcal"]?["pending"]?.doubleValue == 400)
        #expect(answer["text"]?.stringValue?.hasSuffix("+400 kcal dietary energy queued (not counted above).") == true)
    }
}

@Suite struct SummarySizeTests {
    /// Two years of every metric from several sources: a 366-day range summary must still
    /// fit an LLM context budget of 8 KiB, and every intent must answer.
    @Test func aYearRangeSummaryStaysUnder8KiB() async throws {
        let last = DayKey("2026-11-17")!
        let test = TestApp(clock: .fixed(ZoneClock.shared.startOfDayMs(last.adding(days: 1), zone: "Europe/Berlin") + 8 * 3_600_000))
        var history = SummaryHistory()
        history.activeEnergySlots = 4
        var samples: [HealthDomain.Sample] = []
        for ordinal in last.adding(days: -740).ordinal...last.ordinal { samples += history.samples(for: DayKey(ordinal: ordinal)) }
        _ = try await test.store.ingest(samples, nowMs: 1)
        let reply = await test.send(.get, "/health/summary/range?from=2025-11-17&to=2026-11-17&timezone=Europe/Berlin")
        #expect(reply.status == 200)
        #expect(reply.response.body.count < 8_192, "\(reply.response.body.count) bytes")
        #expect((reply.json["missing"] as? [String])?.isEmpty == true)
        let steps = (reply.json["metrics"] as? [String: Any])?["step_count"] as? [String: Any]
        #expect(steps?["daysWithData"] as? Int == 366)
        let yesterday = await test.send(.get, "/health/summary/yesterday?timezone=Europe/Berlin")
        #expect(yesterday.json["day"] as? String == "2026-11-17")
        #expect((yesterday.json["missing"] as? [String])?.contains("step_count") == false)
    }

    /// Ten years by week is one answer: 3,660 days are accepted (524 weeks, the first and
    /// last clipped), one day more is refused naming `to` and the limit, and capabilities
    /// state the same limit.
    @Test func aWeeklySeriesSpansTenYears() async throws {
        let app = TestApp()
        let ten = await app.send(.post, "/health/query", body: #"{"intent":"metric_series","metric":"step_count","from":"2016-11-10","to":"2026-11-17","bucket":"week"}"#)
        #expect(DayKey("2026-11-17")!.ordinal - DayKey("2016-11-10")!.ordinal + 1 == 3_660)
        #expect(ten.status == 200, "\(String(decoding: ten.response.body, as: UTF8.self))")
        let points = ten.json["points"] as? [[String: Any]] ?? []
        #expect(points.count == 524)
        #expect(points.allSatisfy { $0["value"] is NSNull })
        let over = await app.send(.post, "/health/query", body: #"{"intent":"metric_series","metric":"step_count","from":"2016-11-09","to":"2026-11-17","bucket":"week"}"#)
        #expect(over.status == 400)
        #expect(over.errorDetails?["field"] as? String == "to")
        #expect(over.errorMessage?.contains("3660") == true || over.errorMessage?.contains("3,660") == true, "\(over.errorMessage ?? "")")
        let capabilities = await app.send(.get, "/health/capabilities")
        let limits = capabilities.json["limits"] as? [String: Any]
        #expect((limits?["metricSeriesMaxDays"] as? [String: Any])?["week"] as? Int == 3_660)
    }
}
