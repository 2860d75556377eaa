/// A day on which a metric's value lay far from its personal baseline: |z| at or above
/// the scan's threshold (z not clamped).
public struct Anomaly: Sendable, Equatable {
    /// Which side of the baseline the value lay on.
    public enum Direction: String, Sendable, CaseIterable {
        /// Above the baseline's centre.
        case above
        /// Below it.
        case below
    }

    /// The metric.
    public var metric: Metric
    /// The day.
    public var day: DayKey
    /// The day's value.
    public var value: Double
    /// Whether the value may still change (judged like any other day, and marked).
    public var status: DayStatus
    /// The baseline it was judged against.
    public var baseline: Baseline
    /// `(value − centre) / spread`, unclamped.
    public var z: Double
    /// Above or below the centre.
    public var direction: Direction

    /// An anomaly with explicit values.
    public init(metric: Metric, day: DayKey, value: Double, status: DayStatus, baseline: Baseline, z: Double, direction: Direction) {
        self.metric = metric
        self.day = day
        self.value = value
        self.status = status
        self.baseline = baseline
        self.z = z
        self.direction = direction
    }
}
