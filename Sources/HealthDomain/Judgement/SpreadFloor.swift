/// The smallest spread a baseline may have: a fixed amount in the metric's unit, or a
/// share of the baseline's median for metrics the catalog gives no fixed floor.
public enum SpreadFloor: Sendable, Equatable {
    /// A fixed amount in the day value's unit (3 ms of HRV, 20 min of sleep).
    case absolute(Double)
    /// A share of the absolute median (0.05: 5%).
    case fractionOfMedian(Double)

    /// The share used for metrics without a fixed floor.
    public static let defaultFraction = 0.05

    /// The floor the catalog sets for `spec`, else 5% of the median (also for a metric
    /// stored raw, which has no spec).
    public init(spec: MetricSpec?) {
        if let floor = spec?.spreadFloor { self = .absolute(floor) } else { self = .fractionOfMedian(Self.defaultFraction) }
    }

    /// The floor for a baseline whose median is `median`.
    public func value(median: Double) -> Double {
        switch self {
        case .absolute(let floor): floor
        case .fractionOfMedian(let fraction): abs(median) * fraction
        }
    }

    /// The share of the median, or nil for a fixed floor.
    public var fraction: Double? {
        if case .fractionOfMedian(let fraction) = self { fraction } else { nil }
    }
}
