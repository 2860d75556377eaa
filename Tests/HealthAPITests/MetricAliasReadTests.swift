import Foundation
import JSON
import Testing
@testable import HealthAPI

/// A metric's alias works on the way out as on the way in: a sample ingested as
/// `heart_rate` is stored as `heart_rate_bpm`, and every route and tool that takes a metric
/// name finds it by either name.
@Suite struct MetricAliasReadTests {
    /// Two heart-rate readings on 2026-04-09 (Europe/Berlin), sent under the alias.
    static let samples = #"""
    {"samples":[
     {"sampleKey":"hr-1","metric":"heart_rate","startTimeMs":1775721600000,"endTimeMs":1775721600000,"valueNumber":60,"unit":"bpm","sourceName":"Apple Watch","timezone":"Europe/Berlin"},
     {"sampleKey":"hr-2","metric":"heart_rate","startTimeMs":1775725200000,"endTimeMs":1775725200000,"valueNumber":80,"unit":"bpm","sourceName":"Apple Watch","timezone":"Europe/Berlin"}
    ]}
    """#

    static func filled() async -> TestApp {
        let app = TestApp()
        #expect(await app.send(.post, "/health/ingest", body: samples).status == 200)
        return app
    }

    static func keys(_ reply: TestApp.Reply) -> [String] {
        (reply.json["samples"] as? [[String: Any]] ?? []).compactMap { $0["sampleKey"] as? String }
    }

    @Test func rawFindsTheSamplesByAliasAndCanonicalName() async throws {
        let app = await Self.filled()
        for name in ["heart_rate", "heart_rate_bpm", "HKQuantityTypeIdentifierHeartRate", "Heart%20Rate"] {
            let reply = await app.send(.get, "/health/raw?metric=\(name)")
            #expect(reply.status == 200, "\(name)")
            #expect(Self.keys(reply) == ["hr-1", "hr-2"], "\(name)")
            #expect((reply.json["samples"] as? [[String: Any]])?.first?["metric"] as? String == "heart_rate_bpm", "\(name)")
        }
        // A cursor names the canonical metric, so it pages on under either name.
        let first = await app.send(.get, "/health/raw?metric=heart_rate&limit=1")
        #expect(Self.keys(first) == ["hr-1"])
        let cursor = try #require(first.json["nextCursor"] as? String)
        #expect(Self.keys(await app.send(.get, "/health/raw?metric=heart_rate_bpm&limit=1&cursor=\(cursor)")) == ["hr-2"])
        #expect(Self.keys(await app.send(.get, "/health/raw?metric=heart_rate&limit=1&cursor=\(cursor)")) == ["hr-2"])
        // A cursor of another metric is still refused, and a name that is neither an alias nor well formed too.
        #expect(await app.send(.get, "/health/raw?metric=step_count&cursor=\(cursor)").status == 422)
        let bad = await app.send(.get, "/health/raw?metric=Not%20A%20Metric")
        #expect(bad.status == 400)
        #expect(bad.errorDetails?["field"] as? String == "metric")
        // Names outside the catalog are still raw metrics of their own.
        #expect(await app.send(.get, "/health/raw?metric=grip_strength").status == 200)
    }

    @Test func dailyTakesAMetricByAliasOrCanonicalName() async throws {
        let app = await Self.filled()
        for name in ["heart_rate", "heart_rate_bpm"] {
            let reply = await app.send(.get, "/health/daily?from=2026-04-09&to=2026-04-09&metric=\(name)")
            #expect(reply.status == 200, "\(name)")
            let days = reply.json["days"] as? [[String: Any]] ?? []
            let metrics = days.first?["metrics"] as? [String: [String: Any]] ?? [:]
            #expect(Array(metrics.keys) == ["heart_rate_bpm"], "\(name)")
            #expect(metrics["heart_rate_bpm"]?["avg"] as? Double == 70, "\(name)")
        }
        // Filtering leaves out the other metrics of the day.
        #expect(await app.send(.post, "/health/ingest", body: #"{"samples":[{"sampleKey":"s","metric":"steps","startTimeMs":1775721600000,"endTimeMs":1775722200000,"valueNumber":10,"unit":"count","timezone":"Europe/Berlin"}]}"#).status == 200)
        let all = await app.send(.get, "/health/daily?from=2026-04-09&to=2026-04-09")
        #expect(((all.json["days"] as? [[String: Any]])?.first?["metrics"] as? [String: Any])?.keys.sorted() == ["heart_rate_bpm", "step_count"])
        let onlySteps = await app.send(.get, "/health/daily?from=2026-04-09&to=2026-04-09&metric=steps")
        #expect(((onlySteps.json["days"] as? [[String: Any]])?.first?["metrics"] as? [String: Any])?.keys.sorted() == ["step_count"])
        let unknown = await app.send(.get, "/health/daily?from=2026-04-09&to=2026-04-09&metric=grip_strength")
        #expect(unknown.status == 400)
        #expect(unknown.errorDetails?["field"] as? String == "metric")
        #expect(unknown.errorDetails?["rule"] as? String == "enum")
    }

    @Test func queryIntentsTakeTheAlias() async throws {
        let app = await Self.filled()
        let series = await app.send(.post, "/health/query", body: #"{"intent":"metric_series","metric":"heart_rate","from":"2026-04-08","to":"2026-04-09"}"#)
        #expect(series.status == 200)
        #expect(series.json["metric"] as? String == "heart_rate_bpm")
        let points = series.json["points"] as? [[String: Any]] ?? []
        #expect(points.map { $0["value"] as? Double } == [nil, 70])
        let compared = await app.send(.post, "/health/query", body: #"{"intent":"compare_ranges","a":{"from":"2026-04-08","to":"2026-04-08"},"b":{"from":"2026-04-09","to":"2026-04-09"},"metrics":["heart_rate"]}"#)
        #expect(compared.status == 200)
        let metrics = compared.json["metrics"] as? [String: [String: Any]] ?? [:]
        #expect(Array(metrics.keys) == ["heart_rate_bpm"])
        #expect((metrics["heart_rate_bpm"]?["b"] as? [String: Any])?["average"] as? Double == 70)
    }

    @Test func theMetricSeriesToolTakesTheAlias() async throws {
        let app = await Self.filled()
        let reply = await app.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"metric_series","arguments":{"metric":"heart_rate","from":"2026-04-09","to":"2026-04-09"}}}"#)
        #expect(reply.status == 200)
        let result = try JSONParser.parse(reply.response.body)["result"]
        #expect(result?["isError"]?.boolValue != true)
        #expect(result?["structuredContent"]?["metric"]?.stringValue == "heart_rate_bpm")
        #expect(result?["structuredContent"]?["points"]?.arrayValue?.first?["value"]?.doubleValue == 70)
    }

    @Test func theReadAPITakesTheAlias() async throws {
        let app = await Self.filled()
        let reply = await app.send(.get, "/health-data?types=HKQuantityTypeIdentifierHeartRate&start=2026-04-09&end=2026-04-09")
        #expect(reply.status == 200)
        let records = (reply.json["data"] as? [String: [[String: Any]]])?["HKQuantityTypeIdentifierHeartRate"] ?? []
        #expect(!records.isEmpty)
        #expect(records.allSatisfy { $0["unit"] as? String == "bpm" })
    }
}
