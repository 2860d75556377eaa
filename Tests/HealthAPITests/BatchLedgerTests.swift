import Foundation
import Testing
@testable import HealthAPI
@testable import HealthStore

/// The HealthSave batch ledger: replay, conflict, retention.
@Suite struct BatchLedgerTests {
    static func entry(key: String, hash: String = "hash-a", run: String? = "run-1", metric: String = "heart_rate",
                      index: Int? = 0, total: Int? = 1, status: Int = 200, body: String = #"{"status":"processed","records":2}"#,
                      received: Int = 2, accepted: Int = 2, rejected: Int = 0,
                      window: (Int64, Int64)? = (1_775_700_000_000, 1_775_703_600_000)) -> BatchLedger.Entry {
        BatchLedger.Entry(key: key, payloadHash: hash, syncRunID: run, batchID: key, metric: metric, batchIndex: index, totalBatches: total,
                          headers: ["x-healthsave-metric": metric, "x-healthsave-sync-run-id": run ?? ""],
                          status: status, body: Array(body.utf8), recordsReceived: received, recordsAccepted: accepted,
                          recordsRejected: rejected, windowStartMs: window?.0, windowEndMs: window?.1)
    }

    @Test func freshThenReplayReturnsTheFirstBytesAndStatus() async throws {
        let app = TestApp()
        let pool = app.store.pool
        #expect(try await pool.read { try BatchLedger.check($0, key: "k1", payloadHash: "hash-a") } == .fresh)
        let entry = Self.entry(key: "k1", status: 200, body: #"{"status":"processed","metric":"heart_rate","records":2}"#)
        try await pool.write { try BatchLedger.record($0, entry, nowMs: 1_775_800_000_000) }
        let again = try await pool.read { try BatchLedger.check($0, key: "k1", payloadHash: "hash-a") }
        #expect(again == .replay(status: 200, body: entry.body))
        // A failed answer replays as it was too: the same request would fail the same way.
        let failed = Self.entry(key: "k2", status: 422, body: #"{"error":{"code":"VALIDATION_FAILED"}}"#, received: 1, accepted: 0, rejected: 1)
        try await pool.write { try BatchLedger.record($0, failed, nowMs: 1_775_800_000_000) }
        #expect(try await pool.read { try BatchLedger.check($0, key: "k2", payloadHash: "hash-a") } == .replay(status: 422, body: failed.body))
    }

    @Test func sameKeyWithAnotherHashIsAConflict() async throws {
        let app = TestApp()
        let pool = app.store.pool
        try await pool.write { try BatchLedger.record($0, Self.entry(key: "k1", hash: "hash-a"), nowMs: 1_775_800_000_000) }
        #expect(try await pool.read { try BatchLedger.check($0, key: "k1", payloadHash: "hash-b") } == .conflict)
        // The hash is opaque: case matters, nothing is normalised.
        #expect(try await pool.read { try BatchLedger.check($0, key: "k1", payloadHash: "HASH-A") } == .conflict)
        #expect(try await pool.read { try BatchLedger.check($0, key: "k2", payloadHash: "hash-a") } == .fresh)
    }

    @Test func expiredEntriesAreSweptAndTheKeyIsFreshAgain() async throws {
        let app = TestApp()
        let pool = app.store.pool
        let day: Int64 = 86_400_000
        let start: Int64 = 1_775_800_000_000
        try await pool.write { try BatchLedger.record($0, Self.entry(key: "old"), nowMs: start) }
        // Within retention (89 days later) the key still replays.
        try await pool.write { try BatchLedger.record($0, Self.entry(key: "other-1"), nowMs: start + 89 * day) }
        #expect(try await pool.read { try BatchLedger.check($0, key: "old", payloadHash: "hash-a") } != .fresh)
        // Past 90 days the next recorded batch sweeps it.
        try await pool.write { try BatchLedger.record($0, Self.entry(key: "other-2"), nowMs: start + Int64(Limits.batchLedgerRetentionDays) * day + 1) }
        #expect(try await pool.read { try BatchLedger.check($0, key: "old", payloadHash: "hash-b") } == .fresh)
        #expect(try await pool.read { try BatchLedger.check($0, key: "other-1", payloadHash: "hash-a") } != .fresh)
        let rows = try await pool.read { db in try db.queryFirst("SELECT count(*) FROM healthsave_batches") { $0.int64(0) } }
        #expect(rows == 2)
    }

    @Test func theSweepIsBounded() async throws {
        let app = TestApp()
        let pool = app.store.pool
        let start: Int64 = 1_775_800_000_000
        try await pool.write { db in
            for i in 0..<5 { try BatchLedger.record(db, Self.entry(key: "k\(i)"), nowMs: start) }
        }
        let later = start + Limits.batchLedgerRetentionMs + 1
        #expect(try await pool.write { try BatchLedger.sweep($0, nowMs: later, limit: 2) } == 2)
        #expect(try await pool.write { try BatchLedger.sweep($0, nowMs: later, limit: 10) } == 3)
        #expect(try await pool.write { try BatchLedger.sweep($0, nowMs: later, limit: 10) } == 0)
    }

    @Test func headersAreStoredAsAJSONObject() async throws {
        let app = TestApp()
        try await app.store.pool.write { try BatchLedger.record($0, Self.entry(key: "k1"), nowMs: 1_775_800_000_000) }
        let headers = try await app.store.pool.read { db in try db.queryFirst("SELECT headers FROM healthsave_batches") { $0.text(0) } }
        let object = try JSONSerialization.jsonObject(with: Data((headers ?? "").utf8)) as? [String: String]
        #expect(object == ["x-healthsave-metric": "heart_rate", "x-healthsave-sync-run-id": "run-1"])
    }
}
