import HealthDomain

/// What one ingest did to the store.
public struct IngestOutcome: Sendable, Equatable {
    public var inserted = 0
    public var updated = 0
    public var unchanged = 0
    public var deleted = 0
    /// The (day, metric) aggregates that were recomputed.
    public var affected: [DayKey: Set<Metric>] = [:]
    /// Metrics stored raw because they have no aggregation rule.
    public var rawOnlyMetrics: Set<Metric> = []
    /// The recomputed days' headline values, for the changes feed.
    var headlines = DayHeadlines()

    public init() {}
}
