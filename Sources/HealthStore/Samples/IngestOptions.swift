/// How the store takes an ``IngestBatch`` in, beyond storing it.
public struct IngestOptions: Sendable {
    /// The adapter the batch came through, recorded per source in the same transaction
    /// (``SyncLedger``); nil for commands that fill a database.
    public var client: SyncClient?
    /// The batch ledger: the batch is checked against it before anything is stored and
    /// recorded in it in the same transaction.
    public var ledger: Ledger?

    public init(client: SyncClient? = nil, ledger: Ledger? = nil) {
        self.client = client
        self.ledger = ledger
    }

    /// A batch's entry in the ``BatchLedger``.
    public struct Ledger: Sendable {
        /// The idempotency key.
        public var key: String
        /// The payload hash, compared as given: the same key with another hash is a conflict.
        public var payloadHash: String
        /// The entry to record once the batch is stored (its response body is what a
        /// replay answers), built from what was stored inside the write transaction, so the
        /// record and the data commit together.
        public var entry: @Sendable (IngestResult) -> BatchLedger.Entry

        public init(key: String, payloadHash: String, entry: @escaping @Sendable (IngestResult) -> BatchLedger.Entry) {
            self.key = key
            self.payloadHash = payloadHash
            self.entry = entry
        }
    }
}
