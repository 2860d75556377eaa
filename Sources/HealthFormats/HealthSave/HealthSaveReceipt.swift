import HealthDomain
import JSON

/// The answer to one HealthSave batch: the v1 shape the app depends on
/// (`status`, `metric`, `batch`, `total_batches`, `records`) plus the receipt fields
/// HealthSave 1.5 reads when present.
public struct HealthSaveReceipt: Sendable {
    /// The batch's metric, index and count as sent.
    public var metric: String, batchIndex: Int?, totalBatches: Int?
    /// The sync run, batch id and idempotency key the headers gave.
    public var syncRunID: String?, batchID: String?, idempotencyKey: String?
    /// The id the receipt is filed under: the run (or batch, or request) with metric and index.
    public var receiptOwner: String
    /// Elements received, accepted and rejected.
    public var received: Int, accepted: Int, rejected: Int
    /// Records stored new, already stored, and repeated within the batch.
    public var insertedNew: Int, dedupedExisting: Int, dedupedInBatch: Int
    /// The earliest start and latest end of what was accepted.
    public var windowStartMs: Int64?, windowEndMs: Int64?
    /// Deletions as sent, deleted, and asked for without repeats.
    public var deletionsReceived: Int, deletionsDeleted: Int, deletionsRequested: Int
    /// Whether the batch carried a key the ledger files its answer under.
    public var ledgered: Bool
    /// Per-element problems of rejected samples, named by wire field.
    public var errors: [JSONValue]

    /// A receipt with explicit values.
    public init(metric: String, batchIndex: Int?, totalBatches: Int?, syncRunID: String?, batchID: String?, idempotencyKey: String?,
                receiptOwner: String, received: Int, accepted: Int, rejected: Int, insertedNew: Int, dedupedExisting: Int,
                dedupedInBatch: Int, windowStartMs: Int64?, windowEndMs: Int64?, deletionsReceived: Int, deletionsDeleted: Int,
                deletionsRequested: Int, ledgered: Bool, errors: [JSONValue]) {
        self.metric = metric
        self.batchIndex = batchIndex
        self.totalBatches = totalBatches
        self.syncRunID = syncRunID
        self.batchID = batchID
        self.idempotencyKey = idempotencyKey
        self.receiptOwner = receiptOwner
        self.received = received
        self.accepted = accepted
        self.rejected = rejected
        self.insertedNew = insertedNew
        self.dedupedExisting = dedupedExisting
        self.dedupedInBatch = dedupedInBatch
        self.windowStartMs = windowStartMs
        self.windowEndMs = windowEndMs
        self.deletionsReceived = deletionsReceived
        self.deletionsDeleted = deletionsDeleted
        self.deletionsRequested = deletionsRequested
        self.ledgered = ledgered
        self.errors = errors
    }

    /// The receipt as the app reads it.
    public var json: JSONValue {
        let window: JSONValue = [
            "min_sample_time": windowStartMs.map { .string(HealthSaveDate.format($0)) } ?? .null,
            "max_sample_time": windowEndMs.map { .string(HealthSaveDate.format($0)) } ?? .null,
        ]
        let index = batchIndex ?? 0
        var body: [String: JSONValue] = [
            "status": "processed",
            "metric": .string(metric),
            "batch": JSONValue(index),
            "total_batches": JSONValue(totalBatches ?? 1),
            "records": JSONValue(accepted),
            "receipt_id": .string("\(receiptOwner):\(metric):\(index)"),
            "sync_run_id": syncRunID.map { .string($0) } ?? .null,
            "batch_id": batchID.map { .string($0) } ?? .null,
            "idempotency_key": idempotencyKey.map { .string($0) } ?? .null,
            "batch_index": JSONValue(index),
            "records_received": JSONValue(received),
            "records_accepted": JSONValue(accepted),
            "records_rejected": JSONValue(rejected),
            "records_inserted_new": JSONValue(insertedNew),
            "records_deduped_existing": JSONValue(dedupedExisting),
            "records_deduped_in_batch": JSONValue(dedupedInBatch),
            // The answer is sent after the transaction committed and the WAL was flushed.
            "storage_result_level": "committed",
            "verification_level": ledgered ? "delivery_receipt" : "batch_ack",
            "sample_window": window,
            "per_metric": .object([metric: [
                "received": JSONValue(received), "accepted": JSONValue(accepted), "rejected": JSONValue(rejected), "sample_window": window,
            ]]),
            "deletions": [
                "received": JSONValue(deletionsReceived),
                "deleted": JSONValue(deletionsDeleted),
                "not_found": JSONValue(deletionsRequested - deletionsDeleted),
            ],
        ]
        if !errors.isEmpty { body["errors"] = .array(errors) }
        return .object(body)
    }
}
