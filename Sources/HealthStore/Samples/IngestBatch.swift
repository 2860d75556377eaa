import HealthDomain

/// Everything one request hands the store: samples, the sample keys it deletes, workouts,
/// activity rings and reported day totals. Stored together in one write transaction.
public struct IngestBatch: Sendable {
    public var samples: [Sample] {
        didSet { prepared = nil }
    }
    /// Sample keys to delete; a key the store does not hold is no error.
    public var deletedKeys: [String]
    public var workouts: [Workout]
    public var activitySummaries: [ActivitySummary]
    /// Day totals a client reported (they replace the summed value of their day).
    public var dayTotals: [DayTotal]

    public init(samples: [Sample] = [], deletedKeys: [String] = [], workouts: [Workout] = [],
                activitySummaries: [ActivitySummary] = [], dayTotals: [DayTotal] = []) {
        self.samples = samples
        self.deletedKeys = deletedKeys
        self.workouts = workouts
        self.activitySummaries = activitySummaries
        self.dayTotals = dayTotals
    }

    /// The samples' stored keys and values and their metrics and origins, when
    /// ``prepare()`` computed them for the samples as they are now (any change to
    /// `samples` forgets them).
    private(set) var prepared: PreparedSamples?

    /// Packs the samples' keys and values and groups their metrics and origins on the
    /// calling thread, so the store's single writer does not: call it before handing the
    /// batch to ``SampleStore/ingest(_:options:nowMs:)`` when the batch is large.
    public mutating func prepare() {
        prepared = PreparedSamples(samples)
    }
}
