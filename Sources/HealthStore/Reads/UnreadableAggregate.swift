import HealthDomain

/// A stored day aggregate that does not decode (a damaged row, or one written by a
/// build that wrote another shape). Answers that need it fail loudly — a 500 naming the
/// day and metric, and a log line saying `healthd rebuild` derives it anew from the raw
/// samples — instead of showing the day as having no data.
public struct UnreadableAggregate: Error, Sendable, Equatable {
    public var day: DayKey
    public var metric: Metric
    /// Which member failed, or the JSON parse error; never the stored values.
    public var reason: String

    public init(day: DayKey, metric: Metric, reason: String) {
        self.day = day
        self.metric = metric
        self.reason = reason
    }

    /// The log line: day and metric only (no health values), and the repair.
    public var logMessage: String {
        "stored day aggregate unreadable: day=\(day) metric=\(metric.rawValue) (\(reason)); `healthd rebuild` recomputes it from raw samples"
    }
}
