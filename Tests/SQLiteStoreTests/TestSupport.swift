import Foundation
@testable import SQLiteStore

/// A fresh directory under the system temporary directory, removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("SQLiteStoreTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// Opens a pool on a new file (in a not-yet-existing subdirectory, so the
/// pool has to create it), runs `body`, then closes the pool and removes
/// the directory.
func withPool<T>(
    _ configure: (inout DatabaseConfiguration) -> Void = { _ in },
    _ body: (DatabasePool) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory { directory in
        var configuration = DatabaseConfiguration()
        configure(&configuration)
        let path = directory.appendingPathComponent("nested/test.sqlite").path
        let pool = try DatabasePool(path: path, configuration: configuration)
        defer { pool.close() }
        return try await body(pool)
    }
}

/// Runs `body` and returns the `SQLiteError` it threw, or nil.
func sqliteError(_ body: () async throws -> Void) async -> SQLiteError? {
    do {
        try await body()
        return nil
    } catch let error as SQLiteError {
        return error
    } catch {
        return nil
    }
}

/// The pool thread the caller runs on (`sqlite.write`, `sqlite.read.N`), or nil.
var poolThreadName: String? { WorkerIdentity.current?.name }

/// A counter table most tests use.
func createItems(_ pool: DatabasePool) async throws {
    try await pool.writeWithoutTransaction { db in
        try db.execute("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
}

func itemCount(_ db: Database) throws -> Int64 {
    try db.queryFirst("SELECT count(*) FROM item") { $0.int64(0) } ?? -1
}

/// Runs blocking `body` on a new thread (not the cooperative pool) and awaits it.
func runOnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
