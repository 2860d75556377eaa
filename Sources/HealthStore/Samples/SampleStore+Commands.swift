import HealthDomain
import SQLiteStore

/// Blocking entries for command-line tools and benchmarks that own the process: each
/// waits on the calling thread, so none may be called from the cooperative pool.
extension SampleStore {
    /// Closes every connection; the store is unusable afterwards.
    public func close() {
        pool.close()
    }

    /// Stores `samples` in one write transaction, as ``ingest(_:options:nowMs:)`` does
    /// without a client: for commands and benchmarks that fill a database.
    @discardableResult
    public func fill(_ samples: [Sample], nowMs: Int64) throws -> IngestOutcome {
        let rules = self.rules
        return try pool.writeSync { db in
            try SampleStore.ingest(samples, deletedKeys: [], nowMs: nowMs, db: db, rules: rules)
        }
    }

    /// Derives every day aggregate anew from the raw samples; returns how many were written.
    public func rebuildAggregates(nowMs: Int64) throws -> Int {
        let rules = self.rules
        return try pool.writeSync { db in try SampleStore.rebuild(db: db, rules: rules, nowMs: nowMs) }
    }

    /// Whether any sample is stored.
    public func hasSamples() throws -> Bool {
        try pool.readSync { db in
            try db.queryFirst("SELECT 1 FROM samples LIMIT 1", []) { _ in true } ?? false
        }
    }

    /// How many samples are stored.
    public func sampleCount() throws -> Int {
        try pool.readSync { db in try db.queryFirst("SELECT count(*) FROM samples", []) { Int($0.int64(0)) } ?? 0 }
    }

    /// Copies the write-ahead log into the database and truncates it (a benchmark measures
    /// the file sizes after), then counts the samples, in one writer job.
    public func checkpointAndCountSamples() throws -> Int {
        try pool.writeWithoutTransactionSync { db -> Int in
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return try db.queryFirst("SELECT count(*) FROM samples", []) { Int($0.int64(0)) } ?? 0
        }
    }

    /// The samples stored, and the first and last day and the number of stored day aggregates.
    public func extent() throws -> (samples: Int, firstDay: Int?, lastDay: Int?, aggregates: Int) {
        try pool.readSync { db -> (Int, Int?, Int?, Int) in
            let count = try db.queryFirst("SELECT count(*) FROM samples", []) { Int($0.int64(0)) } ?? 0
            let range = try db.queryFirst("SELECT min(day), max(day), count(*) FROM day_aggregates", []) { ($0.optionalInt64(0).map(Int.init), $0.optionalInt64(1).map(Int.init), Int($0.int64(2))) }
            return (count, range?.0, range?.1, range?.2 ?? 0)
        }
    }
}
