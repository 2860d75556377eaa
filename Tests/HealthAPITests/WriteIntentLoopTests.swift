import Foundation
import Testing
import HealthDomain
import HealthFormats
@testable import HealthAPI
@testable import HealthStore

/// The closed loop: an intent is queued, applied by the phone, and its sample syncs back.
/// The day's dietary energy must count the entry exactly once at every step.
@Suite struct WriteIntentLoopTests {
    static let day = DayKey("2026-04-10")!
    /// 2026-04-10 12:00 Berlin.
    static let lunch: Int64 = 1_775_815_200_000

    func dayTotal(_ server: IntentTestServer) async -> Double? {
        let reply = await server.send(.get, "/health/daily?from=2026-04-10&to=2026-04-10")
        let days = reply.json["days"] as? [[String: Any]] ?? []
        let metric = (days.first?["metrics"] as? [String: Any])?["dietary_energy_kcal"] as? [String: Any]
        return metric?["total"] as? Double
    }

    func queued(_ server: IntentTestServer) async throws -> QueuedAmount? {
        try await server.intents.queuedTotals(metric: .dietaryEnergyKcal, days: Self.day...Self.day)[Self.day]
    }

    func ingest(_ server: IntentTestServer, key: String, kcal: Double, start: Int64, syncIdentifier: String? = nil) async -> TestApp.Reply {
        var sample = sampleJSON(key, metric: "dietary_energy_kcal", start: start, minutes: 0, value: kcal, unit: "kcal", source: "Health")
        if let syncIdentifier { sample["syncIdentifier"] = syncIdentifier }
        return await server.send(.post, "/health/ingest", json: ["samples": [sample]])
    }

    @Test func appliedSampleCountsOnceAtEveryStep() async throws {
        let server = IntentTestServer()
        // Breakfast was logged on the phone directly: 500 kcal already in the day.
        #expect(await ingest(server, key: "breakfast", kcal: 500, start: Self.lunch - 4 * 3_600_000).status == 200)
        #expect(await dayTotal(server) == 500)

        // 1. Queued: the total is unchanged, the queue shows +400.
        #expect(await server.send(.post, "/health/write-intents", json: calorieIntent("lunch-1", kcal: 400, start: Self.lunch)).status == 200)
        #expect(await dayTotal(server) == 500)
        var queued = try await queued(server)
        #expect(queued?.total == 400)
        #expect(queued?.countsByStatus[.pending] == 1)

        // 2. Pulled: nothing changes.
        let pulled = await server.send(.get, "/health/write-intents/pending")
        #expect(pulled.intents.map { $0["externalId"] as? String } == ["lunch-1"])
        #expect(await dayTotal(server) == 500)
        #expect(try await self.queued(server)?.total == 400)

        // 3. Applied: still not in the total (the sample has not synced yet), still queued.
        let ack = await server.send(.post, "/health/write-intents/ack", json: ["acks": [["externalId": "lunch-1", "version": 1, "result": "applied", "healthKitUUID": "HK-UUID-1"]]])
        #expect(ack.results.first?["status"] as? String == "applied")
        #expect(await dayTotal(server) == 500)
        queued = try await self.queued(server)
        #expect(queued?.total == 400)
        #expect(queued?.countsByStatus[.applied] == 1)
        #expect(await server.send(.get, "/health/write-intents/pending").intents.isEmpty)

        // 4. The sample syncs back: in the total once, no longer queued.
        #expect(await ingest(server, key: "HK-UUID-1", kcal: 400, start: Self.lunch, syncIdentifier: "lunch-1").status == 200)
        #expect(await dayTotal(server) == 900)
        #expect(try await self.queued(server) == nil)
        let detail = await server.send(.get, "/health/write-intents/lunch-1")
        #expect((detail.json["intent"] as? [String: Any])?["status"] as? String == "reconciled")
        #expect((detail.json["intent"] as? [String: Any])?["reconciledSampleKey"] as? String == "HK-UUID-1")

        // 5. Re-syncs (the phone overlaps windows by 24 h) and repeated acks change nothing.
        #expect(await ingest(server, key: "HK-UUID-1", kcal: 400, start: Self.lunch, syncIdentifier: "lunch-1").status == 200)
        let repeated = await server.send(.post, "/health/write-intents/ack", json: ["acks": [["externalId": "lunch-1", "version": 1, "result": "applied", "healthKitUUID": "HK-UUID-1"]]])
        #expect(repeated.results.first?["outcome"] as? String == "duplicate")
        #expect(await dayTotal(server) == 900)
        #expect(try await self.queued(server) == nil)
        #expect(await server.send(.get, "/health/write-intents/pending").intents.isEmpty)
    }

    @Test func sampleSyncedBeforeTheAckReconcilesAtTheAck() async throws {
        let server = IntentTestServer()
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("snack", kcal: 150, start: Self.lunch))
        // The phone wrote it and synced before acknowledging; the sample carries the sync identifier.
        _ = await ingest(server, key: "HK-2", kcal: 150, start: Self.lunch, syncIdentifier: "snack")
        #expect(await dayTotal(server) == 150)
        #expect(try await queued(server) == nil)
        let ack = await server.send(.post, "/health/write-intents/ack", json: ["acks": [["externalId": "snack", "version": 1, "result": "applied", "healthKitUUID": "HK-2"]]])
        #expect(ack.results.first?["status"] as? String == "reconciled")
        // The late ack still records the UUID the reconciliation did not know.
        #expect(ack.results.first?["outcome"] as? String == "accepted")
        let detail = await server.send(.get, "/health/write-intents/snack")
        #expect((detail.json["intent"] as? [String: Any])?["healthKitUUID"] as? String == "HK-2")
        #expect(await dayTotal(server) == 150)
    }

    @Test func staleSampleOfAnOlderVersionDoesNotCloseTheNewOne() async throws {
        let server = IntentTestServer()
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("dinner", kcal: 700, start: Self.lunch))
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("dinner", kcal: 650, start: Self.lunch))
        _ = await ingest(server, key: "HK-old", kcal: 700, start: Self.lunch, syncIdentifier: "dinner")
        let queued = try await queued(server)
        #expect(queued?.total == 650)
        #expect(queued?.countsByStatus[.pending] == 1)
    }

    @Test func ackTimeSampleAppearsAfterAckByUUIDWithoutSyncIdentifier() async throws {
        let server = IntentTestServer()
        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("w", kcal: 200, start: Self.lunch))
        _ = await server.send(.post, "/health/write-intents/ack", json: ["acks": [["externalId": "w", "version": 1, "result": "applied", "healthKitUUID": "HK-3"]]])
        _ = await ingest(server, key: "HK-3", kcal: 200, start: Self.lunch)
        #expect(try await queued(server) == nil)
        #expect(await dayTotal(server) == 200)
    }
}
