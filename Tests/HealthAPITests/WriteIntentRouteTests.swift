import Foundation
import Testing
import HealthDomain
import HealthFormats
@testable import HealthAPI
@testable import HealthStore

@Suite struct WriteIntentRouteTests {
    @Test func createThenSameBodyIsUnchangedAndChangedBodyBumpsVersion() async {
        let server = IntentTestServer()
        let created = await server.send(.post, "/health/write-intents", json: calorieIntent("meal-1"))
        #expect(created.status == 200)
        #expect(created.json["outcome"] as? String == "created")
        #expect(created.intent["version"] as? Int == 1)
        #expect(created.intent["status"] as? String == "pending")
        #expect((created.intent["healthKit"] as? [String: Any])?["syncIdentifier"] as? String == "meal-1")

        server.clock.advance(by: 1000)
        let again = await server.send(.post, "/health/write-intents", json: calorieIntent("meal-1"))
        #expect(again.status == 200)
        #expect(again.json["outcome"] as? String == "unchanged")
        #expect(again.response.body == created.response.body.replacingOutcome("created", with: "unchanged"))

        let changed = await server.send(.post, "/health/write-intents", json: calorieIntent("meal-1", kcal: 450))
        #expect(changed.status == 200)
        #expect(changed.json["outcome"] as? String == "updated")
        #expect(changed.intent["version"] as? Int == 2)
        #expect(changed.intent["valueNumber"] as? Double == 450)
    }

    @Test func changeAfterApplyIsConflictAndNothingChanges() async {
        let server = IntentTestServer()
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("meal-1"))
        let ack = await server.send(.post, "/health/write-intents/ack", json: ["acks": [["externalId": "meal-1", "version": 1, "result": "applied", "healthKitUUID": "U-1"]]])
        #expect(ack.status == 200)
        #expect(ack.results.first?["outcome"] as? String == "accepted")
        let conflict = await server.send(.post, "/health/write-intents", json: calorieIntent("meal-1", kcal: 500))
        #expect(conflict.status == 409)
        #expect(conflict.errorCode == "CONFLICT")
        let same = await server.send(.post, "/health/write-intents", json: calorieIntent("meal-1"))
        #expect(same.status == 200)
        #expect(same.intent["status"] as? String == "applied")
        #expect(same.intent["valueNumber"] as? Double == 400)
        let cancel = await server.send(.post, "/health/write-intents/meal-1/cancel")
        #expect(cancel.status == 409)
    }

    @Test func invalidBodiesNameFieldAndRule() async {
        let server = IntentTestServer()
        let cases: [([String: Any], String, String)] = [
            (calorieIntent("a b"), "externalId", "format"),
            (calorieIntent("pending"), "externalId", "format"),
            (calorieIntent("ack"), "externalId", "format"),
            (calorieIntent("x").merging(["metric": "step_count"]) { $1 }, "metric", "writable"),
            (calorieIntent("x").merging(["unit": "lb"]) { $1 }, "unit", "unit"),
            (calorieIntent("x", kcal: -5), "valueNumber", "range"),
            (calorieIntent("x", zone: "Mars/Base"), "timezone", "timezone"),
            (calorieIntent("x").merging(["endTimeMs": 1]) { $1 }, "endTimeMs", "order"),
            (calorieIntent("x").merging(["version": 3]) { $1 }, "version", "unknown"),
            (calorieIntent("x").filter { $0.key != "startTimeMs" }, "startTimeMs", "required"),
            (calorieIntent("x").merging(["valueNumber": "400"]) { $1 }, "valueNumber", "type"),
        ]
        for (body, field, rule) in cases {
            let reply = await server.send(.post, "/health/write-intents", json: body)
            // A rule the schema cannot state (unit for the metric, plausible range, order, a known timezone) is a 422.
            #expect(reply.status == (["unit", "range", "timezone", "order"].contains(rule) ? 422 : 400), "\(field)")
            #expect(reply.errorDetails?["field"] as? String == field)
            #expect(reply.errorDetails?["rule"] as? String == rule, "\(field)")
        }
        let list = await server.send(.get, "/health/write-intents")
        #expect(list.intents.isEmpty)
    }

    @Test func unitsConvertForTotalsButKeepTheAuthorsUnit() async throws {
        let server = IntentTestServer()
        let reply = await server.send(.post, "/health/write-intents", json: calorieIntent("kj").merging(["valueNumber": 4184, "unit": "kJ"]) { $1 })
        #expect(reply.status == 200)
        #expect(reply.intent["unit"] as? String == "kJ")
        let day = DayKey("2026-04-10")!
        let queued = try await server.intents.queuedTotals(metric: .dietaryEnergyKcal, days: day...day)
        #expect(abs((queued[day]?.total ?? 0) - 1000) < 1e-9)
    }

    @Test func pendingPagesAndGetChangesNothing() async {
        let server = IntentTestServer()
        for i in 0..<7 { _ = await server.send(.post, "/health/write-intents", json: calorieIntent("m-\(i)", kcal: Double(100 + i))) }
        var seen: [String] = []
        var cursor: String?
        repeat {
            let reply = await server.send(.get, "/health/write-intents/pending?limit=3" + (cursor.map { "&cursor=\($0)" } ?? ""))
            #expect(reply.status == 200)
            seen += reply.intents.compactMap { $0["externalId"] as? String }
            cursor = reply.json["nextCursor"] as? String
        } while cursor != nil
        #expect(seen == (0..<7).map { "m-\($0)" })
        let again = await server.send(.get, "/health/write-intents/pending?limit=500")
        #expect(again.intents.count == 7)
        #expect(again.intents.allSatisfy { $0["attempts"] as? Int == 0 && $0["status"] as? String == "pending" })

        let badLimit = await server.send(.get, "/health/write-intents/pending?limit=501")
        #expect(badLimit.status == 400)
        let badCursor = await server.send(.get, "/health/write-intents/pending?cursor=nonsense")
        #expect(badCursor.errorDetails?["rule"] as? String == "cursor")
        let listCursor = await server.send(.get, "/health/write-intents?limit=2")
        let foreign = await server.send(.get, "/health/write-intents/pending?cursor=\(listCursor.json["nextCursor"] as? String ?? "")")
        #expect(foreign.status == 422)
    }

    @Test func failedAckBacksOffThenDiesAfterMaxAttempts() async {
        let server = IntentTestServer { $0.intentMaxAttempts = 3; $0.intentRetryBaseSeconds = 60; $0.intentRetryCapSeconds = 90 }
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("meal"))
        for attempt in 1...3 {
            let pulled = await server.send(.get, "/health/write-intents/pending")
            #expect(pulled.intents.count == 1)
            #expect(pulled.intents.first?["attempts"] as? Int == attempt - 1)
            let now = server.clock.now
            let ack = await server.send(.post, "/health/write-intents/ack", json: ["acks": [["externalId": "meal", "version": 1, "result": "failed", "error": "HealthKit busy"]]])
            let result = ack.results[0]
            #expect(result["outcome"] as? String == "accepted")
            #expect(result["attempts"] as? Int == attempt)
            if attempt < 3 {
                #expect(result["status"] as? String == "failed")
                let next = Int64(result["nextRetryAt"] as? Int ?? -1)
                #expect(next >= now && next <= now + min(90_000, 60_000 << (attempt - 1)))
                // The same failure reported again before the retry is due is a duplicate.
                let repeated = await server.send(.post, "/health/write-intents/ack", json: ["acks": [["externalId": "meal", "version": 1, "result": "failed"]]])
                #expect(repeated.results[0]["outcome"] as? String == "duplicate" || next == now)
                if next > now {
                    let early = await server.send(.get, "/health/write-intents/pending")
                    #expect(early.intents.isEmpty)
                }
                server.clock.advance(by: next - now)
            } else {
                #expect(result["status"] as? String == "dead")
            }
        }
        let dead = await server.send(.get, "/health/write-intents?status=dead")
        #expect(dead.intents.first?["deadReason"] as? String == "max_attempts")
        #expect(dead.intents.first?["lastError"] as? String == "HealthKit busy")
        let pending = await server.send(.get, "/health/write-intents/pending")
        #expect(pending.intents.isEmpty)
        let detail = await server.send(.get, "/health/write-intents/meal")
        let events = (detail.json["history"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        #expect(events == ["created", "failed", "failed", "dead"])
    }

    @Test func staleAndRepeatedAcksAreRefusedPerItem() async {
        let server = IntentTestServer()
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("a"))
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("a", kcal: 410))
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("b"))
        let reply = await server.send(.post, "/health/write-intents/ack", json: ["acks": [
            ["externalId": "a", "version": 1, "result": "applied", "healthKitUUID": "old"],
            ["externalId": "b", "version": 1, "result": "skipped", "error": "already logged"],
            ["externalId": "b", "version": 1, "result": "skipped"],
            ["externalId": "b", "version": 1, "result": "applied"],
            ["externalId": "nope", "version": 1, "result": "applied"],
            ["externalId": "a", "version": 9, "result": "applied"],
            ["externalId": "a", "version": 2, "result": "maybe"],
        ]])
        #expect(reply.status == 207)
        #expect(reply.results.map { $0["outcome"] as? String } == ["stale_version", "accepted", "duplicate", "conflict", "not_found", "unknown_version", "invalid"])
        #expect(reply.results[6]["field"] as? String == "result")
        #expect(reply.results[0]["status"] as? String == "pending")
        let pending = await server.send(.get, "/health/write-intents/pending")
        #expect(pending.intents.map { $0["externalId"] as? String } == ["a"])
        #expect(pending.intents.first?["version"] as? Int == 2)
    }

    @Test func cancelAndNotFound() async {
        let server = IntentTestServer()
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("a"))
        let cancelled = await server.send(.post, "/health/write-intents/a/cancel")
        #expect(cancelled.status == 200)
        #expect(cancelled.json["outcome"] as? String == "cancelled")
        #expect(cancelled.intent["status"] as? String == "cancelled")
        let again = await server.send(.post, "/health/write-intents/a/cancel")
        #expect(again.json["outcome"] as? String == "unchanged")
        #expect(await server.send(.get, "/health/write-intents/pending").intents.isEmpty)
        #expect(await server.send(.get, "/health/write-intents/missing").status == 404)
        #expect(await server.send(.post, "/health/write-intents/missing/cancel").status == 404)
        #expect(await server.send(.get, "/health/write-intents?status=bogus").errorDetails?["rule"] as? String == "enum")
        // A changed body queues it again as a new version.
        let revived = await server.send(.post, "/health/write-intents", json: calorieIntent("a", kcal: 300))
        #expect(revived.intent["status"] as? String == "pending")
        #expect(revived.intent["version"] as? Int == 2)
    }

    @Test func fiftyConcurrentIdenticalPostsMakeOneIntent() async {
        let server = IntentTestServer()
        let statuses = await withTaskGroup(of: (Int, String?).self) { group in
            for _ in 0..<50 {
                group.addTask {
                    let reply = await server.send(.post, "/health/write-intents", json: calorieIntent("same-meal"))
                    return (reply.status, reply.json["outcome"] as? String)
                }
            }
            var all: [(Int, String?)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(statuses.count == 50)
        #expect(statuses.allSatisfy { $0.0 == 200 })
        #expect(statuses.filter { $0.1 == "created" }.count == 1)
        #expect(statuses.filter { $0.1 == "unchanged" }.count == 49)
        let list = await server.send(.get, "/health/write-intents")
        #expect(list.intents.count == 1)
        #expect(list.intents.first?["version"] as? Int == 1)
    }

    @Test func capabilitiesDescribeWriteKinds() {
        let caps = WriteIntentRoutes.capabilities
        #expect(caps["metrics"]?.arrayValue?.compactMap { $0["metric"]?.stringValue } == ["dietary_energy_kcal", "body_mass_kg", "body_fat_percent"])
        #expect(caps["healthKit"]?["syncIdentifier"]?.stringValue == "externalId")
        #expect(caps["retry"]?["maxAttempts"]?.int64Value == 8)
        #expect(caps["statuses"]?.objectValue?.count == 7)
    }
}

extension Array where Element == UInt8 {
    /// The body with the upsert outcome word swapped, to compare two replies' intents byte for byte.
    func replacingOutcome(_ old: String, with new: String) -> [UInt8] {
        Array(String(decoding: self, as: UTF8.self).replacingOccurrences(of: "\"outcome\":\"\(old)\"", with: "\"outcome\":\"\(new)\"").utf8)
    }
}
