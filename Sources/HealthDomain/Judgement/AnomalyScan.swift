/// The anomalies and strain signals of a range of days: each metric's days whose |z|
/// reached the threshold, and the days on which at least two strain conditions held.
public struct AnomalyScan: Sendable, Equatable {
    /// The threshold when none is given.
    public static let defaultThreshold = 3.0
    /// Thresholds allowed.
    public static let allowedThresholds: ClosedRange<Double> = 2...4
    /// The longest range allowed, in days.
    public static let maximumDays = 366

    /// The first day scanned.
    public var from: DayKey
    /// The last day scanned.
    public var to: DayKey
    /// The |z| at or above which a day is an anomaly.
    public var threshold: Double
    /// Anomalies by day, then metric.
    public var anomalies: [Anomaly]
    /// Strain signals by day.
    public var strain: [StrainSignal]
    /// What could be judged, per metric by name.
    public var coverage: [MetricScanCoverage]

    /// A scan with explicit values.
    public init(from: DayKey, to: DayKey, threshold: Double, anomalies: [Anomaly], strain: [StrainSignal], coverage: [MetricScanCoverage]) {
        self.from = from
        self.to = to
        self.threshold = threshold
        self.anomalies = anomalies
        self.strain = strain
        self.coverage = coverage
    }
}
