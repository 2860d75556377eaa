import Foundation
import HTTPTransport
import HealthDomain
import Testing
@testable import HealthAPI
@testable import HealthStore

/// `GET /health/changes` through the router: a cursor from a first call, the entries
/// after it in order, the ETag and 304, and the three ways a cursor can be wrong.
@Suite struct ChangesFeedTests {
    static let ingest = """
        {"samples": [
          {"sampleKey": "b", "metric": "step_count", "startTimeMs": 1775894400000, "endTimeMs": 1775894460000, "valueNumber": 200, "unit": "count", "timezone": "Europe/Berlin"},
          {"sampleKey": "a", "metric": "step_count", "startTimeMs": 1775808000000, "endTimeMs": 1775808060000, "valueNumber": 100, "unit": "count", "timezone": "Europe/Berlin"}]}
        """
    static let intent = """
        {"externalId": "lunch", "metric": "dietary_energy_kcal", "valueNumber": 650, "unit": "kcal", "startTimeMs": 1775808000000, "timezone": "Europe/Berlin"}
        """

    static func changes(_ reply: TestApp.Reply) -> [[String: Any]] { reply.json["changes"] as? [[String: Any]] ?? [] }

    @Test func aFirstCallGivesTheCursorThenEntriesFollowInOrder() async throws {
        let app = TestApp()
        let start = await app.send(.get, "/health/changes")
        #expect(start.status == 200 && Self.changes(start).isEmpty)
        let cursor = try #require(start.json["next"] as? String)
        #expect(cursor == "0" && start.json["hasMore"] as? Bool == false && start.json["oldest"] as? String == "0")

        #expect(await app.send(.post, "/health/ingest", body: Self.ingest).status == 200)
        #expect(await app.send(.post, "/health/write-intents", body: Self.intent).status == 200)
        let page = await app.send(.get, "/health/changes?since=\(cursor)")
        let entries = Self.changes(page)
        #expect(entries.map { $0["type"] as? String } == ["day.changed", "day.changed", "intent.status"])
        #expect(entries.map { ($0["subject"] as? [String: Any])?["day"] as? String } == ["2026-04-10", "2026-04-11", nil])
        #expect(entries.map { $0["cursor"] as? Int } == [1, 2, 3])
        #expect(entries.allSatisfy { $0["values"] == nil && ($0["id"] as? String)?.hasPrefix("evt_") == true })
        #expect(page.json["next"] as? String == "3")

        // Pages of one, then nothing after the last.
        let first = await app.send(.get, "/health/changes?since=0&limit=1")
        #expect(Self.changes(first).count == 1 && first.json["hasMore"] as? Bool == true && first.json["next"] as? String == "1")
        let end = await app.send(.get, "/health/changes?since=3")
        #expect(Self.changes(end).isEmpty && end.json["next"] as? String == "3" && end.json["hasMore"] as? Bool == false)

        // Values only when asked for.
        let valued = Self.changes(await app.send(.get, "/health/changes?since=0&include=values"))
        #expect((valued[0]["values"] as? [String: Any])?["step_count"] as? Double == 100)
        #expect((valued[2]["values"] as? [String: Any])?["valueNumber"] as? Double == 650)
    }

    @Test func anETagAnswers304UntilSomethingIsAppended() async throws {
        let app = TestApp()
        #expect(await app.send(.post, "/health/ingest", body: Self.ingest).status == 200)
        let page = await app.send(.get, "/health/changes?since=0")
        let etag = try #require(page.header("etag"))
        let same = await app.send(.get, "/health/changes?since=2", headers: [("If-None-Match", etag)])
        #expect(same.status == 304 && same.response.body.isEmpty && same.header("etag") == etag)
        #expect(await app.send(.get, "/health/changes?since=0", headers: [("If-None-Match", "W/\(etag)")]).status == 304)
        #expect(await app.send(.get, "/health/changes?since=0", headers: [("If-None-Match", "\"other\"")]).status == 200)

        #expect(await app.send(.post, "/health/write-intents", body: Self.intent).status == 200)
        let changed = await app.send(.get, "/health/changes?since=2", headers: [("If-None-Match", etag)])
        #expect(changed.status == 200 && Self.changes(changed).count == 1 && changed.header("etag") != etag)
    }

    @Test func aCursorNeverIssuedIs422AMalformedOne400() async throws {
        let app = TestApp()
        #expect(await app.send(.post, "/health/ingest", body: Self.ingest).status == 200)
        for text in ["3", "99999999999999999", "abc", "-1", "1_2"] {
            let reply = await app.send(.get, "/health/changes?since=\(text)")
            #expect(reply.status == 422, "since=\(text)")
            #expect(reply.errorDetails?["field"] as? String == "since" && reply.errorDetails?["rule"] as? String == "cursor")
        }
        for text in ["a.b", "%20", ""] {
            #expect(await app.send(.get, "/health/changes?since=\(text)").status == 400, "since=\(text)")
        }
        #expect(await app.send(.get, "/health/changes?limit=0").status == 400)
        #expect(await app.send(.get, "/health/changes?include=everything").status == 400)
        #expect(await app.send(.get, "/health/changes?after=0").status == 400)
    }

    @Test func aCursorOlderThanTheFeedKeepsIs410NamingTheOldest() async throws {
        let app = TestApp()
        #expect(await app.send(.post, "/health/ingest", body: Self.ingest).status == 200)
        #expect(await app.send(.post, "/health/write-intents", body: Self.intent).status == 200)
        // Prune what was appended before the intent (the clock of the test app is fixed).
        let now = app.app.services.clock.now()
        try await app.store.pool.write { db in try db.run("UPDATE change_feed SET occurred_ms = ?1 WHERE position <= 2", [.integer(now - ChangeFeed.retentionMs - 1)]) }
        _ = try await app.store.changeFeed { feed in try feed.prune(beforeMs: now - ChangeFeed.retentionMs, nowMs: now) }

        let gone = await app.send(.get, "/health/changes?since=1")
        #expect(gone.status == 410 && gone.errorCode == "CURSOR_EXPIRED")
        #expect(gone.errorDetails?["oldest"] as? String == "2" && gone.errorDetails?["field"] as? String == "since")
        let oldest = await app.send(.get, "/health/changes?since=2")
        #expect(oldest.status == 200 && Self.changes(oldest).map { $0["type"] as? String } == ["intent.status"])
        #expect(oldest.json["oldest"] as? String == "2")
    }

    @Test func theFeedNeedsTheReadScope() async throws {
        let app = TestApp()
        let phone = try app.token("phone", [.ingest])
        let viewer = try app.token("viewer", [.read])
        #expect(await app.send(.get, "/health/changes", token: phone).status == 403)
        #expect(await app.send(.get, "/health/changes", token: viewer).status == 200)
        #expect(await app.send(.get, "/health/changes", authorized: false).status == 401)
    }
}
