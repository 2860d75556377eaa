/// What the store did with an ``IngestBatch``.
public struct IngestResult: Sendable {
    /// The samples' outcome; its `affected` days include days whose reported totals changed.
    public var samples: IngestOutcome
    /// Workouts, rings and day totals.
    public var records: RecordOutcome
    /// The ledger entry recorded, when the batch had a ledger key.
    public var ledgerEntry: BatchLedger.Entry?

    public init(samples: IngestOutcome, records: RecordOutcome, ledgerEntry: BatchLedger.Entry? = nil) {
        self.samples = samples
        self.records = records
        self.ledgerEntry = ledgerEntry
    }
}
