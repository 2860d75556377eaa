import JSON
import SQLiteStore

/// The record of every HealthSave batch the server processed, keyed by its idempotency
/// key (`Idempotency-Key`, else `X-HealthSave-Batch-ID`).
///
/// The app re-sends a batch whenever it did not see the answer (a dropped connection, a
/// phone that went to sleep), and a phone offline for weeks re-sends its whole queue. The
/// ledger makes that safe: the same key with the same payload hash replays the first
/// answer byte for byte and writes nothing; the same key with another hash is a conflict
/// (409), never a second ingest. Its rows are also the delivery receipts the v2 sync
/// routes report. Rows are kept `Limits.batchLedgerRetentionDays` and swept, a bounded
/// number at a time, by later `record` calls.
///
/// Every function runs inside the caller's `pool.read` / `pool.write` closure.
public enum BatchLedger {
    /// What to do with an arriving batch.
    public enum Decision: Equatable, Sendable {
        /// The key is new (or its entry expired): process the batch.
        case fresh
        /// The key and hash were seen: answer exactly this again, store nothing.
        case replay(status: Int, body: [UInt8])
        /// The key was seen with another payload hash: refuse (409), store nothing.
        case conflict
    }

    /// One processed batch.
    public struct Entry: Sendable {
        public var key: String
        /// `X-HealthSave-Payload-Hash` as sent (an opaque string), else the server's SHA-256 of the body.
        public var payloadHash: String
        public var syncRunID: String?
        public var batchID: String?
        /// The batch's metric as HealthSave names it (`heart_rate`), not the canonical name.
        public var metric: String
        public var batchIndex: Int?
        public var totalBatches: Int?
        /// Every `X-HealthSave-*` header, names lowercased.
        public var headers: [String: String]
        /// The HTTP status answered.
        public var status: Int
        /// The response body answered: a replay sends these bytes again.
        public var body: [UInt8]
        public var recordsReceived: Int
        public var recordsAccepted: Int
        public var recordsRejected: Int
        /// Earliest and latest sample time of the batch (Unix ms), when it had samples.
        public var windowStartMs: Int64?
        public var windowEndMs: Int64?
        /// Samples stored new, when the store could tell (the receipt's `records_inserted_new`).
        public var recordsInsertedNew: Int? = nil
        /// Samples that were already stored (the receipt's `records_deduped_existing`).
        public var recordsDedupedExisting: Int? = nil

        public init(key: String, payloadHash: String, syncRunID: String?, batchID: String?, metric: String, batchIndex: Int?,
                    totalBatches: Int?, headers: [String: String], status: Int, body: [UInt8], recordsReceived: Int,
                    recordsAccepted: Int, recordsRejected: Int, windowStartMs: Int64?, windowEndMs: Int64?,
                    recordsInsertedNew: Int? = nil, recordsDedupedExisting: Int? = nil) {
            self.key = key
            self.payloadHash = payloadHash
            self.syncRunID = syncRunID
            self.batchID = batchID
            self.metric = metric
            self.batchIndex = batchIndex
            self.totalBatches = totalBatches
            self.headers = headers
            self.status = status
            self.body = body
            self.recordsReceived = recordsReceived
            self.recordsAccepted = recordsAccepted
            self.recordsRejected = recordsRejected
            self.windowStartMs = windowStartMs
            self.windowEndMs = windowEndMs
            self.recordsInsertedNew = recordsInsertedNew
            self.recordsDedupedExisting = recordsDedupedExisting
        }
    }

    /// Same key and hash: replay the first response; same key, another hash: conflict; else fresh.
    static func check(_ db: Database, key: String, payloadHash: String) throws -> Decision {
        let stored = try db.queryFirst("SELECT payload_hash, status, body FROM healthsave_batches WHERE idempotency_key = ?", [.text(key)]) { row in
            (hash: row.text(0), status: Int(row.int64(1)), body: row.blob(2))
        }
        guard let stored else { return .fresh }
        // The hash is compared as sent: the app computes it over its own serialization,
        // which the server cannot reproduce.
        return stored.hash == payloadHash ? .replay(status: stored.status, body: stored.body) : .conflict
    }

    /// Records a processed batch (its response bytes, for replays) in the caller's write transaction.
    ///
    /// Also sweeps up to `StoreLimits.batchLedgerSweepRows` expired rows, so retention costs one
    /// index probe per batch and never a scan. A key whose row expired but was not yet
    /// swept is replaced.
    static func record(_ db: Database, _ entry: Entry, nowMs: Int64) throws {
        try sweep(db, nowMs: nowMs, limit: StoreLimits.batchLedgerSweepRows)
        let headers = JSONWriter.serialize(.object(entry.headers.mapValues { .string($0) }), sortedKeys: true)
        func int(_ value: Int?) -> SQLiteValue { value.map { .integer(Int64($0)) } ?? .null }
        func int64(_ value: Int64?) -> SQLiteValue { value.map { .integer($0) } ?? .null }
        func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
        try db.run("""
            INSERT INTO healthsave_batches (idempotency_key, payload_hash, sync_run_id, batch_id, metric, batch_index, total_batches,
                headers, status, body, records_received, records_accepted, records_rejected, records_inserted_new,
                records_deduped_existing, window_start_ms, window_end_ms, received_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (idempotency_key) DO UPDATE SET
                payload_hash = excluded.payload_hash, sync_run_id = excluded.sync_run_id, batch_id = excluded.batch_id,
                metric = excluded.metric, batch_index = excluded.batch_index, total_batches = excluded.total_batches,
                headers = excluded.headers, status = excluded.status, body = excluded.body,
                records_received = excluded.records_received, records_accepted = excluded.records_accepted,
                records_rejected = excluded.records_rejected, records_inserted_new = excluded.records_inserted_new,
                records_deduped_existing = excluded.records_deduped_existing, window_start_ms = excluded.window_start_ms,
                window_end_ms = excluded.window_end_ms, received_ms = excluded.received_ms
            """, [
                .text(entry.key), .text(entry.payloadHash), text(entry.syncRunID), text(entry.batchID), .text(entry.metric),
                int(entry.batchIndex), int(entry.totalBatches), .text(String(decoding: headers, as: UTF8.self)),
                .integer(Int64(entry.status)), .blob(entry.body), .integer(Int64(entry.recordsReceived)),
                .integer(Int64(entry.recordsAccepted)), .integer(Int64(entry.recordsRejected)), int(entry.recordsInsertedNew),
                int(entry.recordsDedupedExisting), int64(entry.windowStartMs), int64(entry.windowEndMs), .integer(nowMs),
            ])
    }

    /// Deletes up to `limit` rows received before the retention window; returns how many.
    @discardableResult
    static func sweep(_ db: Database, nowMs: Int64, limit: Int) throws -> Int {
        try db.run("""
            DELETE FROM healthsave_batches WHERE id IN (
                SELECT id FROM healthsave_batches WHERE received_ms < ? ORDER BY received_ms, id LIMIT ?)
            """, [.integer(nowMs - StoreLimits.batchLedgerRetentionMs), .integer(Int64(limit))])
        return db.changes
    }
}
