/// One paired day of a correlation: the first metric on ``day``, the second on
/// ``secondDay`` (the same day, or the next with a lag of one), with their ranks.
public struct CorrelationPair: Sendable, Equatable {
    /// The first metric's day.
    public var day: DayKey
    /// The second metric's day: `day + lagDays`.
    public var secondDay: DayKey
    /// The first metric's value.
    public var first: Double
    /// The second metric's value.
    public var second: Double
    /// The first value's average rank among the pairs.
    public var firstRank: Double
    /// The second value's average rank among the pairs.
    public var secondRank: Double
    /// `provisional` when either value may still change.
    public var status: DayStatus

    /// A pair with explicit values.
    public init(day: DayKey, secondDay: DayKey, first: Double, second: Double, firstRank: Double, secondRank: Double, status: DayStatus) {
        self.day = day
        self.secondDay = secondDay
        self.first = first
        self.second = second
        self.firstRank = firstRank
        self.secondRank = secondRank
        self.status = status
    }
}
