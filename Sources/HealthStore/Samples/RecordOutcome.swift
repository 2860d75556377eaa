/// What one ingest did to workouts and activity summaries.
public struct RecordOutcome: Sendable, Equatable {
    public var workoutsInserted = 0
    public var workoutsUpdated = 0
    public var workoutsUnchanged = 0
    /// Days whose rings were stored new or changed.
    public var activitySummariesUpserted = 0
    /// Re-sent rings identical to the stored ones (nothing rewritten).
    public var activitySummariesUnchanged = 0
    /// Reported day totals stored new or changed.
    public var dayTotalsUpserted = 0
    /// Re-sent day totals identical to the stored ones.
    public var dayTotalsUnchanged = 0

    public init() {}
}
