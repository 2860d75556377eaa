/// A run of consecutive days that met a goal.
public struct Streak: Sendable, Equatable {
    /// The first day of the run.
    public var start: DayKey
    /// The last day of the run.
    public var end: DayKey
    /// Days in the run.
    public var length: Int
    /// `provisional` when the run holds a day that may still change.
    public var status: DayStatus

    /// A run with explicit values.
    public init(start: DayKey, end: DayKey, length: Int, status: DayStatus) {
        self.start = start
        self.end = end
        self.length = length
        self.status = status
    }
}
