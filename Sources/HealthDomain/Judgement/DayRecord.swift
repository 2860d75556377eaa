/// A record day: the best or worst value of a metric, with its date.
public struct DayRecord: Sendable, Equatable {
    /// The day.
    public var day: DayKey
    /// Its value.
    public var value: Double
    /// Whether the value may still change.
    public var status: DayStatus

    /// A record with explicit values.
    public init(day: DayKey, value: Double, status: DayStatus) {
        self.day = day
        self.value = value
        self.status = status
    }
}
