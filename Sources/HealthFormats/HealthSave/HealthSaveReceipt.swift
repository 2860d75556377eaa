import HealthDomain
import JSON

/// The answer to one HealthSave batch: the v1 shape the app depends on
/// (`status`, `metric`, `batch`, `total_batches`, `records`) plus the receipt fields
/// HealthSave 1.5 reads when present.
struct HealthSaveReceipt: Sendable {
    var metric: String
    var batchIndex: Int?
    var totalBatches: Int?
    var syncRunID: String?
    var batchID: String?
    var idempotencyKey: String?
    /// The id the receipt is filed under: the run (or batch, or request) with metric and index.
    var receiptOwner: String
    var received: Int
    var accepted: Int
    var rejected: Int
    var insertedNew: Int
    var dedupedExisting: Int
    var dedupedInBatch: Int
    var windowStartMs: Int64?
    var windowEndMs: Int64?
    var deletionsReceived: Int
    var deletionsDeleted: Int
    var deletionsRequested: Int
    /// Whether the batch carried a key the ledger files its answer under.
    var ledgered: Bool
    /// Per-element problems of rejected samples (at most 100), named by wire field.
    var errors: [JSONValue]

    var json: JSONValue {
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
