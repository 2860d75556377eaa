import SQLiteStore

/// Stand-in for the idempotency ledger of HealthSave batches, with the interface the
/// batch route calls inside its write transaction. It remembers nothing: every batch is
/// `.fresh`. The real ledger (same interface, persisted) replaces this file.
enum BatchLedger {
    /// What the ledger says about a batch key and payload hash.
    enum Decision: Sendable, Equatable {
        /// Never seen: ingest it and record the answer.
        case fresh
        /// Seen with the same payload: answer exactly as the first time, store nothing.
        case replay(status: Int, body: [UInt8])
        /// Seen with another payload: 409, store nothing.
        case conflict
    }

    /// One answered batch, as the ledger keeps it.
    struct Entry: Sendable {
        var key: String
        var payloadHash: String
        var syncRunID: String?
        var batchID: String?
        var metric: String
        var batchIndex: Int?
        var totalBatches: Int?
        /// Every `X-HealthSave-*` header, by lowercased name.
        var headers: [String: String]
        var status: Int
        var body: [UInt8]
        var recordsReceived: Int
        var recordsAccepted: Int
        var recordsRejected: Int
        var windowStartMs: Int64?
        var windowEndMs: Int64?
    }

    /// Always `.fresh` in the stand-in.
    static func check(_ db: Database, key: String, payloadHash: String) throws -> Decision { .fresh }

    /// Keeps nothing in the stand-in.
    static func record(_ db: Database, _ entry: Entry) throws {}
}
