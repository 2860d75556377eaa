/// A metric's personal baseline for one day D: the median and the robust spread of the
/// days with data among the 28 local days before D (D excluded), with the days it was
/// built from, so an answer can show its arithmetic.
///
/// `spread = max(1.4826 × MAD, floor)`; `z = (value − centre) / spread`. Fewer than
/// ``minimumDays`` days with data leave the baseline `insufficient`: then the statistics
/// are nil and ``daysWithData`` says how many days it had.
public struct Baseline: Sendable, Equatable {
    /// Whether the baseline has enough days to judge against.
    public enum Status: String, Sendable, CaseIterable {
        /// At least ``Baseline/minimumDays`` days with data.
        case available
        /// Too few days with data; nothing is judged against it.
        case insufficient
    }

    /// Local days before D that make up the window.
    public static let windowDays = 28
    /// Days with data a baseline needs.
    public static let minimumDays = 10

    /// The metric.
    public var metric: Metric
    /// The day judged against the baseline (D); it is not part of the window.
    public var day: DayKey
    /// The first day of the window, D − 28.
    public var windowStart: DayKey
    /// The last day of the window, D − 1.
    public var windowEnd: DayKey
    /// `available` or `insufficient`.
    public var status: Status
    /// Days the baseline was built from (after choosing sources).
    public var daysWithData: Int
    /// Days with data required, ``minimumDays``.
    public var minimumDays: Int
    /// Whether one source, the judged day's source only, or mixed sources were used.
    public var sourcing: BaselineSourcing
    /// The sources of the days used, sorted by name.
    public var sources: [String]
    /// The source of D's value, when D has one.
    public var currentSource: String?
    /// Window days of other sources left out (``BaselineSourcing/currentSourceOnly``).
    public var daysLeftOut: Int
    /// The days used, ascending: the arithmetic's inputs.
    public var inputs: [DayValue]
    /// The median of the inputs; nil when insufficient.
    public var centre: Double?
    /// The median absolute deviation of the inputs; nil when insufficient.
    public var mad: Double?
    /// `1.4826 × mad`; nil when insufficient.
    public var scaledMAD: Double?
    /// The floor that applied to this metric, in its unit; nil when insufficient.
    public var spreadFloor: Double?
    /// The share of the median the floor is, for metrics without a fixed floor (0.05).
    public var spreadFloorFraction: Double?
    /// Whether the floor replaced the scaled MAD.
    public var floorApplied: Bool
    /// `max(scaledMAD, spreadFloor)`; nil when insufficient.
    public var spread: Double?

    /// A baseline with explicit values; ``Baseline/compute(_:on:floor:)`` builds one from a series.
    public init(metric: Metric, day: DayKey, status: Status, daysWithData: Int, sourcing: BaselineSourcing, sources: [String],
                currentSource: String?, daysLeftOut: Int, inputs: [DayValue], centre: Double?, mad: Double?, scaledMAD: Double?,
                spreadFloor: Double?, spreadFloorFraction: Double?, floorApplied: Bool, spread: Double?) {
        self.metric = metric
        self.day = day
        self.windowStart = day.adding(days: -Self.windowDays)
        self.windowEnd = day.adding(days: -1)
        self.status = status
        self.daysWithData = daysWithData
        self.minimumDays = Self.minimumDays
        self.sourcing = sourcing
        self.sources = sources
        self.currentSource = currentSource
        self.daysLeftOut = daysLeftOut
        self.inputs = inputs
        self.centre = centre
        self.mad = mad
        self.scaledMAD = scaledMAD
        self.spreadFloor = spreadFloor
        self.spreadFloorFraction = spreadFloorFraction
        self.floorApplied = floorApplied
        self.spread = spread
    }

    /// Whether ``status`` is `available`.
    public var isAvailable: Bool { status == .available }

    /// `(value − centre) / spread`, unclamped; nil when the baseline is insufficient or its
    /// spread is zero (a constant month of zeros, whose 5% floor is zero too).
    public func z(of value: Double) -> Double? {
        guard status == .available, let centre, let spread, spread > 0 else { return nil }
        return (value - centre) / spread
    }
}
