/// What the store did with an ``IngestBatch``.
public struct IngestResult: Sendable {
    /// The samples' outcome; its `affected` days include days whose reported totals changed.
    public var samples: IngestOutcome
    /// Workouts, rings and day totals.
    public var records: RecordOutcome
    /// Stored samples the batch took over (``IngestOptions/takeOver``): each is counted in
    /// `samples.deleted` and its successor in `samples.inserted`.
    public var takeovers: Int
    /// The ledger entry recorded, when the batch had a ledger key.
    public var ledgerEntry: BatchLedger.Entry?

    public init(samples: IngestOutcome, records: RecordOutcome, takeovers: Int = 0, ledgerEntry: BatchLedger.Entry? = nil) {
        self.samples = samples
        self.records = records
        self.takeovers = takeovers
        self.ledgerEntry = ledgerEntry
    }
}
