#if canImport(Glibc)
import Glibc
#endif
import SQLiteStore

extension SampleStore {
    /// The figures the metrics scrape shows, read in one read transaction.
    public func monitoringSnapshot() async throws -> MonitoringSnapshot {
        try await pool.read { db in
            var intents = Dictionary(uniqueKeysWithValues: IntentStatus.allCases.map { ($0, 0) })
            for (status, count) in try db.query("SELECT status, count(*) FROM write_intents GROUP BY status", [], {
                ($0.text(0), Int($0.int64(1)))
            }) {
                if let status = IntentStatus(rawValue: status) { intents[status] = count }
            }
            return MonitoringSnapshot(syncEntries: try SyncLedger.all(db), intentsByStatus: intents)
        }
    }

    /// Whether a reader connection answers: one trivial query in a read transaction.
    /// Throws what the pool throws (a closed pool, an unreadable file).
    public func answerRead() async throws {
        _ = try await pool.read { db in try db.queryFirst("SELECT 1", []) { $0.int64(0) } }
    }

    /// Whether the store's connections were closed (``DatabasePool/close()``).
    public var isClosed: Bool { pool.isClosed }

    /// How long the writer has been running its current job, in seconds (0 while idle);
    /// read without waiting for the writer.
    public var writerJobRunningSeconds: Double { pool.writerJobRunningSeconds }

    /// The sizes of the database file and of its write-ahead log in bytes, from the file
    /// system (no query); nil for a file that does not exist (the log between checkpoints
    /// that removed it).
    public func fileSizes() -> (database: Int64?, wal: Int64?) {
        func size(_ path: String) -> Int64? {
            var info = stat()
            return stat(path, &info) == 0 ? Int64(info.st_size) : nil
        }
        return (size(pool.path), size(pool.path + "-wal"))
    }
}
