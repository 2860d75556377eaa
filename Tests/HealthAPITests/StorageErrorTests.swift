import Foundation
import Testing
import HTTPTransport
import SQLiteStore
@testable import HealthAPI
@testable import HealthStore

/// SQLite errors that describe the storage, not the request, get their own answers; the
/// request stores nothing.
@Suite struct StorageErrorTests {
    /// A full disk, simulated with `PRAGMA max_page_count` on the writer connection
    /// (https://sqlite.org/pragma.html#pragma_max_page_count): 507 with the envelope,
    /// nothing stored, and the same request succeeds once there is room again.
    @Test func fullDiskIs507AndStoresNothing() async throws {
        let app = TestApp()
        #expect(await app.send(.post, "/health/ingest", body: body([sampleJSON("first")])).status == 200)
        let before = try await snapshot(app.store)
        try await app.store.pool.writeWithoutTransaction { db in
            let pages = try db.queryFirst("PRAGMA page_count", []) { $0.int64(0) } ?? 0
            try db.execute("PRAGMA max_page_count = \(pages)")
        }
        let batch = body((0..<2_000).map { sampleJSON("full-\($0)", start: 1_775_808_000_000 + Int64($0) * 60_000, minutes: 1) })
        let refused = await app.send(.post, "/health/ingest", body: batch)
        #expect(refused.status == 507)
        #expect(refused.errorCode == "STORAGE_FULL")
        #expect(refused.errorDetails?["sqliteCode"] as? Int == 13)
        #expect(try await snapshot(app.store) == before)

        try await app.store.pool.writeWithoutTransaction { db in try db.execute("PRAGMA max_page_count = 1073741823") }
        let accepted = await app.send(.post, "/health/ingest", body: batch)
        #expect(accepted.status == 200)
        #expect(accepted.json["inserted"] as? Int == 2_000)
    }

    @Test func storageCodesMapToStatuses() throws {
        func answer(_ code: Int32) -> APIError? { StoreFailure.classify(SQLiteError(extendedCode: code, message: "m")).flatMap(APIError.storage) }
        #expect(answer(SQLiteError.full)?.status == .insufficientStorage)
        #expect(answer(SQLiteError.full)?.code == .storageFull)
        // SQLITE_BUSY_SNAPSHOT (517) and SQLITE_LOCKED: another connection holds the lock.
        for busy in [SQLiteError.busy, 517, SQLiteError.locked] {
            let mapped = try #require(answer(busy))
            #expect(mapped.status == .serviceUnavailable)
            #expect(mapped.headers["Retry-After"] == "1")
        }
        // I/O errors, the group sync's failed flush among them, and a read-only file.
        for unavailable in [SQLiteError.ioError, SQLiteError.ioErrorFsync, SQLiteError.readOnly] {
            let mapped = try #require(answer(unavailable))
            #expect(mapped.status == .serviceUnavailable)
            #expect(mapped.headers["Retry-After"] == "30")
            #expect(mapped.details["sqliteCode"] == .number(Double(unavailable)))
        }
        // Anything else is a bug: 500 with a request id, decided by the handler.
        for bug in [SQLiteError.error, SQLiteError.constraintUnique, SQLiteError.misuse, SQLiteError.corrupt] {
            #expect(answer(bug) == nil)
        }
    }

    /// The write-intent store throws its own refusals; the handler answers them with the
    /// statuses, codes, messages and details the API has always sent.
    @Test func writeIntentRefusalsKeepTheirAnswers() async throws {
        let server = IntentTestServer()
        let missing = await server.send(.get, "/health/write-intents/missing")
        #expect(missing.status == 404)
        #expect(missing.errorCode == "NOT_FOUND")
        #expect(missing.errorMessage == "no write intent has externalId 'missing'")
        #expect(missing.errorDetails?["externalId"] as? String == "missing")
        #expect(await server.send(.post, "/health/write-intents/missing/cancel").errorMessage == "no write intent has externalId 'missing'")

        _ = await server.send(.post, "/health/write-intents", json: calorieIntent("meal-1"))
        _ = await server.send(.post, "/health/write-intents/ack", json: ["acks": [["externalId": "meal-1", "version": 1, "result": "applied"]]])
        let changed = await server.send(.post, "/health/write-intents", json: calorieIntent("meal-1", kcal: 500))
        #expect(changed.status == 409)
        #expect(changed.errorCode == "CONFLICT")
        #expect(changed.errorMessage == "intent 'meal-1' is already applied (version 1); HealthKit holds that content, so it cannot change — post the new entry under a new externalId")
        #expect(changed.errorDetails?["status"] as? String == "applied")
        #expect(changed.errorDetails?["version"] as? Int == 1)
        let cancel = await server.send(.post, "/health/write-intents/meal-1/cancel")
        #expect(cancel.status == 409)
        #expect(cancel.errorMessage == "intent 'meal-1' is already applied; it can no longer be cancelled (delete the sample in Health instead)")
        #expect(cancel.errorDetails?["externalId"] as? String == "meal-1")
        #expect(cancel.errorDetails?.count == 2)

        #expect(APIError.storage(WriteIntentStoreError.notFound(externalId: "x")).status == .notFound)
    }
}
