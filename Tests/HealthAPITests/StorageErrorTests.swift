import Foundation
import Testing
import HTTPTransport
import SQLiteStore
@testable import HealthAPI

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
        func answer(_ code: Int32) -> APIError? { APIError.storage(SQLiteError(extendedCode: code, message: "m")) }
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
}
