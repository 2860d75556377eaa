/// What the server's metrics read from the store at a scrape: the last write per client
/// and source, and the write intents per status. Counts and times only, never a value.
public struct MonitoringSnapshot: Sendable, Equatable {
    /// Every row of the sync ledger, by client then source.
    public var syncEntries: [SyncLedger.Entry]
    /// Write intents per status; every status is present (0 when none is in it).
    public var intentsByStatus: [IntentStatus: Int]

    /// A snapshot of these figures.
    public init(syncEntries: [SyncLedger.Entry] = [], intentsByStatus: [IntentStatus: Int] = [:]) {
        self.syncEntries = syncEntries
        self.intentsByStatus = intentsByStatus
    }
}
