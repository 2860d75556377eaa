/// How two metrics' day values move together over a range: Spearman's ρ (Pearson's
/// correlation of average ranks, so ties share a rank), the number of paired days, and a
/// two-sided p-value from the t approximation `t = ρ √((n − 2) / (1 − ρ²))` with n − 2
/// degrees of freedom. An association only: the wording never claims one metric drives
/// the other.
public struct Correlation: Sendable, Equatable {
    /// Whether ρ could be computed.
    public enum Status: String, Sendable, CaseIterable {
        /// ρ, t and p are given.
        case computed
        /// Fewer than ``Correlation/minimumPairs`` paired days.
        case insufficient
        /// Enough pairs, but one metric has the same value on every paired day, so no ρ exists.
        case noVariation = "no_variation"
    }

    /// Paired days required.
    public static let minimumPairs = 14
    /// Lags allowed, in days.
    public static let allowedLags: ClosedRange<Int> = 0...1

    /// The first metric.
    public var first: Metric
    /// The second metric.
    public var second: Metric
    /// The first day of the range.
    public var from: DayKey
    /// The last day of the range.
    public var to: DayKey
    /// 0, or 1 to pair the first metric on day d with the second on day d + 1.
    public var lagDays: Int
    /// `computed`, `insufficient` or `no_variation`.
    public var status: Status
    /// Paired days.
    public var n: Int
    /// Paired days required, ``minimumPairs``.
    public var minimumPairs: Int
    /// Spearman's ρ; nil unless computed.
    public var rho: Double?
    /// The t statistic; nil unless computed, and nil when |ρ| = 1 (t is infinite, p is 0).
    public var t: Double?
    /// n − 2; nil unless computed.
    public var degreesOfFreedom: Int?
    /// The two-sided p-value; nil unless computed.
    public var pValue: Double?
    /// The paired days with their values and ranks, in day order.
    public var pairs: [CorrelationPair]
    /// `provisional` when any paired value may still change.
    public var dayStatus: DayStatus

    /// A correlation with explicit values.
    public init(first: Metric, second: Metric, from: DayKey, to: DayKey, lagDays: Int, status: Status, n: Int, rho: Double?, t: Double?,
                degreesOfFreedom: Int?, pValue: Double?, pairs: [CorrelationPair], dayStatus: DayStatus) {
        self.first = first
        self.second = second
        self.from = from
        self.to = to
        self.lagDays = lagDays
        self.status = status
        self.n = n
        self.minimumPairs = Self.minimumPairs
        self.rho = rho
        self.t = t
        self.degreesOfFreedom = degreesOfFreedom
        self.pValue = pValue
        self.pairs = pairs
        self.dayStatus = dayStatus
    }
}
