/// The metric types of the text format that this registry produces.
public enum MetricType: String, Sendable {
    /// A value that only goes up (and resets to zero when the process restarts).
    case counter
    /// A value that goes up and down.
    case gauge
    /// Observations counted into cumulative buckets, with their sum and count.
    case histogram
}
