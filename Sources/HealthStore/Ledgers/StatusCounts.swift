import SQLiteStore

/// What is stored, counted for HealthSave's status answer: per stored metric name the
/// samples and the first and last start, then workouts (start times) and activity
/// summaries (day ordinals), each nil when there are none.
public struct StatusCounts: Sendable {
    /// A count with its first and last value.
    public struct Span: Sendable, Equatable {
        public var count: Int64
        public var first: Int64
        public var last: Int64
    }

    /// By stored metric name, in name order.
    public var samples: [(metric: String, span: Span)] = []
    /// Workouts by start time.
    public var workouts: Span?
    /// Activity summaries by day ordinal.
    public var activitySummaries: Span?

    static func load(_ db: Database) throws -> StatusCounts {
        var counts = StatusCounts()
        let samples = try db.statement("SELECT metric, COUNT(*), MIN(start_ms), MAX(start_ms) FROM samples GROUP BY metric")
        while try samples.step() {
            counts.samples.append((samples.text(0), Span(count: samples.int64(1), first: samples.int64(2), last: samples.int64(3))))
        }
        samples.reset()
        let workouts = try db.statement("SELECT COUNT(*), MIN(start_ms), MAX(start_ms) FROM workouts")
        if try workouts.step(), workouts.int64(0) > 0 {
            counts.workouts = Span(count: workouts.int64(0), first: workouts.int64(1), last: workouts.int64(2))
        }
        workouts.reset()
        let rings = try db.statement("SELECT COUNT(*), MIN(day), MAX(day) FROM activity_summaries")
        if try rings.step(), rings.int64(0) > 0 {
            counts.activitySummaries = Span(count: rings.int64(0), first: rings.int64(1), last: rings.int64(2))
        }
        rings.reset()
        return counts
    }
}
