import SQLiteStore

extension BatchLedger {
    /// The ledger's batches of one metric (within a run, or over all retained batches),
    /// summed as the v2 sync routes report them.
    public struct MetricTally: Sendable, Equatable {
        public var metric: String
        public var batchesSeen: Int
        /// 2xx answers with samples.
        public var batchesProcessed: Int
        /// 2xx answers to batches without samples.
        public var batchesEmpty: Int
        /// Non-2xx answers that were recorded (a batch refused as a whole).
        public var batchesFailed: Int
        /// The largest `total_batches` the batches announced, when any did.
        public var totalBatches: Int?
        /// Distinct `batch_index` values seen.
        public var distinctBatchIndexes: Int
        public var recordsReceived: Int
        public var recordsAccepted: Int
        public var recordsRejected: Int
        /// Nil when no batch could tell new from already stored samples.
        public var recordsInsertedNew: Int?
        public var recordsDedupedExisting: Int?
        /// Whether every batch told new from already stored samples.
        public var everyBatchCountedInserts: Bool
        public var firstReceivedMs: Int64
        public var lastReceivedMs: Int64
        public var windowStartMs: Int64?
        public var windowEndMs: Int64?
    }

    private static let tallyColumns = """
        metric, count(*),
        sum(status BETWEEN 200 AND 299 AND records_received > 0), sum(status BETWEEN 200 AND 299 AND records_received = 0),
        sum(status NOT BETWEEN 200 AND 299), max(total_batches), count(DISTINCT batch_index),
        sum(records_received), sum(records_accepted), sum(records_rejected), sum(records_inserted_new),
        sum(records_deduped_existing), count(records_inserted_new) = count(*),
        min(received_ms), max(received_ms), min(window_start_ms), max(window_end_ms)
        """

    private static func decodeTally(_ row: Row) -> MetricTally {
        MetricTally(metric: row.text(0), batchesSeen: Int(row.int64(1)), batchesProcessed: Int(row.int64(2)),
                    batchesEmpty: Int(row.int64(3)), batchesFailed: Int(row.int64(4)), totalBatches: row.optionalInt64(5).map { Int($0) },
                    distinctBatchIndexes: Int(row.int64(6)), recordsReceived: Int(row.int64(7)), recordsAccepted: Int(row.int64(8)),
                    recordsRejected: Int(row.int64(9)), recordsInsertedNew: row.optionalInt64(10).map { Int($0) },
                    recordsDedupedExisting: row.optionalInt64(11).map { Int($0) }, everyBatchCountedInserts: row.int64(12) != 0,
                    firstReceivedMs: row.int64(13), lastReceivedMs: row.int64(14),
                    windowStartMs: row.optionalInt64(15), windowEndMs: row.optionalInt64(16))
    }

    /// The sync run of the most recently received batch that named one.
    static func latestRunID(_ db: Database) throws -> String? {
        try db.queryFirst("""
            SELECT sync_run_id FROM healthsave_batches WHERE sync_run_id IS NOT NULL
            ORDER BY received_ms DESC, id DESC LIMIT 1
            """) { $0.text(0) }
    }

    /// A run's batches per metric, by metric name; empty for a run the ledger does not hold.
    static func run(_ db: Database, id: String) throws -> [MetricTally] {
        try db.query("SELECT \(tallyColumns) FROM healthsave_batches WHERE sync_run_id = ? GROUP BY metric ORDER BY metric",
                     [.text(id)], decodeTally)
    }

    /// Every retained batch per metric, by metric name.
    static func coverage(_ db: Database) throws -> [MetricTally] {
        try db.query("SELECT \(tallyColumns) FROM healthsave_batches GROUP BY metric ORDER BY metric", [], decodeTally)
    }
}
