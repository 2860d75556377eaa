import Foundation
import JSON
import Testing
@testable import HealthAPI

/// Source names are matched in a normal form but shown exactly as the device wrote them:
/// a curly apostrophe and a no-break space come back byte for byte from every surface
/// that lists sources, and one source in two spellings is one source, shown as its most
/// recent sample spelled it.
@Suite struct SourceNamesAsSentTests {
    /// "Ana’s Apple Watch" with U+2019 and U+00A0, as the JSON escapes a client sends.
    static let sent = "Ana\u{2019}s\u{00A0}Apple Watch"
    static let sentJSON = #"Ana\u2019s\u00a0Apple Watch"#
    static let bytes = Array(sent.utf8)

    /// 2026-04-09 (Europe/Berlin, UTC+2): steps and a resting heart rate in the morning, and
    /// the night that ended that morning.
    static let day = "2026-04-09"
    static let samples = #"""
    {"samples":[
     {"sampleKey":"st-1","metric":"step_count","startTimeMs":1775721600000,"endTimeMs":1775722200000,"valueNumber":800,"unit":"count","sourceName":"\#(sentJSON)","timezone":"Europe/Berlin"},
     {"sampleKey":"rhr-1","metric":"resting_heart_rate_bpm","startTimeMs":1775721600000,"endTimeMs":1775721600000,"valueNumber":54,"unit":"bpm","sourceName":"\#(sentJSON)","timezone":"Europe/Berlin"},
     {"sampleKey":"sl-1","metric":"sleep_segment","startTimeMs":1775682000000,"endTimeMs":1775710800000,"categoryValue":"asleepCore","unit":"category","sourceName":"\#(sentJSON)","timezone":"Europe/Berlin"}
    ]}
    """#

    static func filled() async -> TestApp {
        let app = TestApp()
        let reply = await app.send(.post, "/health/ingest", body: samples)
        #expect(reply.status == 200)
        return app
    }

    static func parsed(_ reply: TestApp.Reply) throws -> JSONValue {
        #expect(reply.status == 200)
        return try JSONParser.parse(reply.response.body)
    }

    /// The UTF-8 bytes of a JSON string.
    static func utf8(_ value: JSONValue?) -> [UInt8]? { value?.stringValue.map { Array($0.utf8) } }

    @Test func dailyAggregatesShowTheNameAsSent() async throws {
        let app = await Self.filled()
        let body = try Self.parsed(await app.send(.get, "/health/daily?from=\(Self.day)&to=\(Self.day)"))
        let metrics = body["days"]?.arrayValue?.first?["metrics"]
        #expect(Self.utf8(metrics?["step_count"]?["sources"]?.arrayValue?.first?["name"]) == Self.bytes)
        #expect(Self.utf8(metrics?["resting_heart_rate_bpm"]?["latestSource"]) == Self.bytes)
        #expect(Self.utf8(metrics?["resting_heart_rate_bpm"]?["sources"]?.arrayValue?.first) == Self.bytes)
        #expect(Self.utf8(metrics?["sleep_segment"]?["source"]) == Self.bytes)
        #expect(Self.utf8(metrics?["sleep_segment"]?["sources"]?.arrayValue?.first) == Self.bytes)
        // Nowhere in the answer does the normalised spelling appear.
        let text = String(decoding: await app.send(.get, "/health/daily?from=\(Self.day)&to=\(Self.day)").response.body, as: UTF8.self)
        #expect(!text.contains("Ana's") && !text.contains("Ana\\u0027s"))
    }

    @Test func summaryRoutesShowTheNameAsSent() async throws {
        let app = await Self.filled()
        for path in ["/health/summary/daily?day=\(Self.day)&timezone=Europe/Berlin",
                     "/health/summary/range?from=2026-04-03&to=\(Self.day)&timezone=Europe/Berlin"] {
            let body = try Self.parsed(await app.send(.get, path))
            let sources = body["provenance"]?["sources"]?.arrayValue ?? []
            #expect(sources.map { Self.utf8($0) } == [Self.bytes], "\(path)")
        }
        let daily = try Self.parsed(await app.send(.get, "/health/summary/daily?day=\(Self.day)&timezone=Europe/Berlin"))
        #expect(Self.utf8(daily["metrics"]?["sleep_segment"]?["source"]) == Self.bytes)
    }

    @Test func queryIntentsShowTheNameAsSent() async throws {
        let app = await Self.filled()
        let daily = try Self.parsed(await app.send(.post, "/health/query", body: #"{"intent":"daily_summary","day":"\#(Self.day)","timezone":"Europe/Berlin"}"#))
        #expect((daily["provenance"]?["sources"]?.arrayValue ?? []).map { Self.utf8($0) } == [Self.bytes])
        let sleep = try Self.parsed(await app.send(.post, "/health/query", body: #"{"intent":"sleep_report","from":"\#(Self.day)","to":"\#(Self.day)","timezone":"Europe/Berlin"}"#))
        #expect(Self.utf8(sleep["nights"]?.arrayValue?.first?["source"]) == Self.bytes)
        #expect((sleep["provenance"]?["sources"]?.arrayValue ?? []).map { Self.utf8($0) } == [Self.bytes])
        let compared = try Self.parsed(await app.send(.post, "/health/query", body: #"{"intent":"compare_ranges","a":{"from":"2026-04-01","to":"2026-04-02"},"b":{"from":"\#(Self.day)","to":"\#(Self.day)"},"timezone":"Europe/Berlin"}"#))
        #expect((compared["provenance"]?["sources"]?.arrayValue ?? []).map { Self.utf8($0) } == [Self.bytes])
    }

    /// The dashboard reads /health/daily (trends, today) and /health/sync/clients (sync).
    @Test func theDashboardsSyncRouteShowsTheNameAsSent() async throws {
        let app = await Self.filled()
        let body = try Self.parsed(await app.send(.get, "/health/sync/clients"))
        #expect((body["sources"]?.arrayValue ?? []).map { Self.utf8($0["source"]) } == [Self.bytes])
        #expect((body["clients"]?.arrayValue ?? []).map { Self.utf8($0["source"]) } == [Self.bytes])
    }

    @Test func theDailySummaryToolShowsTheNameAsSent() async throws {
        let app = await Self.filled()
        let reply = await app.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"daily_summary","arguments":{"day":"\#(Self.day)","timezone":"Europe/Berlin"}}}"#)
        let result = try Self.parsed(reply)["result"]
        #expect(result?["isError"]?.boolValue != true)
        let structured = result?["structuredContent"]
        #expect((structured?["provenance"]?["sources"]?.arrayValue ?? []).map { Self.utf8($0) } == [Self.bytes])
        #expect(Self.utf8(structured?["metrics"]?["sleep_segment"]?["source"]) == Self.bytes)
    }

    /// Two apps spell one watch two ways on one day: one source, whose steps and samples
    /// add up, shown as its latest sample (by end time) spelled it — whatever order the
    /// samples arrived in.
    @Test(arguments: [false, true])
    func twoSpellingsAreOneSourceShownAsTheLatest(latestFirst: Bool) async throws {
        let app = TestApp()
        let straight = #"{"samples":[{"sampleKey":"a","metric":"step_count","startTimeMs":1775721600000,"endTimeMs":1775722200000,"valueNumber":800,"unit":"count","sourceName":"Ana's Apple Watch","timezone":"Europe/Berlin"},{"sampleKey":"ra","metric":"resting_heart_rate_bpm","startTimeMs":1775721600000,"endTimeMs":1775721600000,"valueNumber":55,"unit":"bpm","sourceName":"Ana's Apple Watch","timezone":"Europe/Berlin"}]}"#
        let curly = #"{"samples":[{"sampleKey":"b","metric":"step_count","startTimeMs":1775725200000,"endTimeMs":1775725800000,"valueNumber":300,"unit":"count","sourceName":"\#(Self.sentJSON)","timezone":"Europe/Berlin"},{"sampleKey":"rb","metric":"resting_heart_rate_bpm","startTimeMs":1775725200000,"endTimeMs":1775725200000,"valueNumber":53,"unit":"bpm","sourceName":"\#(Self.sentJSON)","timezone":"Europe/Berlin"}]}"#
        for body in latestFirst ? [curly, straight] : [straight, curly] {
            #expect(await app.send(.post, "/health/ingest", body: body).status == 200)
        }
        let daily = try Self.parsed(await app.send(.get, "/health/daily?from=\(Self.day)&to=\(Self.day)"))
        let metrics = daily["days"]?.arrayValue?.first?["metrics"]
        let steps = metrics?["step_count"]
        let stepSources = steps?["sources"]?.arrayValue ?? []
        #expect(stepSources.count == 1)
        #expect(Self.utf8(stepSources.first?["name"]) == Self.bytes)
        #expect(stepSources.first?["sampleCount"]?.int64Value == 2)
        #expect(steps?["total"]?.doubleValue == 1100)
        #expect((metrics?["resting_heart_rate_bpm"]?["sources"]?.arrayValue ?? []).map { Self.utf8($0) } == [Self.bytes])
        #expect(Self.utf8(metrics?["resting_heart_rate_bpm"]?["latestSource"]) == Self.bytes)

        let summary = try Self.parsed(await app.send(.get, "/health/summary/daily?day=\(Self.day)&timezone=Europe/Berlin"))
        #expect((summary["provenance"]?["sources"]?.arrayValue ?? []).map { Self.utf8($0) } == [Self.bytes])
        let sync = try Self.parsed(await app.send(.get, "/health/sync/clients"))
        let listed = sync["sources"]?.arrayValue ?? []
        #expect(listed.map { Self.utf8($0["source"]) } == [Self.bytes])
        #expect(listed.first?["samples"]?.int64Value == 4)
        #expect(listed.first?["lastSampleMs"]?.int64Value == 1_775_725_800_000)
        #expect(listed.first?["clients"]?.arrayValue == ["native"])
    }

    /// Over a range, a source renamed between days is listed once, under the latest day's spelling.
    @Test func aRangeShowsTheLatestDaysSpelling() async throws {
        let app = TestApp()
        let body = #"{"samples":[{"sampleKey":"d1","metric":"step_count","startTimeMs":1775635200000,"endTimeMs":1775635800000,"valueNumber":500,"unit":"count","sourceName":"\#(Self.sentJSON)","timezone":"Europe/Berlin"},{"sampleKey":"d2","metric":"step_count","startTimeMs":1775721600000,"endTimeMs":1775722200000,"valueNumber":700,"unit":"count","sourceName":"Ana's Apple Watch","timezone":"Europe/Berlin"}]}"#
        #expect(await app.send(.post, "/health/ingest", body: body).status == 200)
        let range = try Self.parsed(await app.send(.get, "/health/summary/range?from=2026-04-08&to=\(Self.day)&timezone=Europe/Berlin"))
        #expect((range["provenance"]?["sources"]?.arrayValue ?? []).map(\.stringValue) == ["Ana's Apple Watch"])
        // Each day keeps the spelling its own samples carried.
        let daily = try Self.parsed(await app.send(.get, "/health/daily?from=2026-04-08&to=\(Self.day)"))
        let names = (daily["days"]?.arrayValue ?? []).map { Self.utf8($0["metrics"]?["step_count"]?["sources"]?.arrayValue?.first?["name"]) }
        #expect(names == [Self.bytes, Array("Ana's Apple Watch".utf8)])
    }
}
