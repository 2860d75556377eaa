/// The answer of ``SampleStore/ingest(_:options:nowMs:)``.
public enum IngestAnswer: Sendable {
    /// The batch was stored.
    case stored(IngestResult)
    /// The ledger knew the key and hash: answer exactly this again; nothing was stored.
    case replay(status: Int, body: [UInt8])
    /// The ledger knew the key with another payload hash: nothing was stored.
    case conflict
}
