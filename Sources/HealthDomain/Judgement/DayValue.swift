/// One metric's number for one local day (a night, for sleep): the input of every
/// judgement. The value is the day's headline number (a total, the day's average, a
/// night's asleep minutes), in the catalog's unit.
public struct DayValue: Sendable, Equatable {
    /// The local date (the wake-up date for a night).
    public var day: DayKey
    /// The day's number.
    public var value: Double
    /// The source the number came from (the best-ranked contributing source), so a
    /// baseline can tell when a new device took over.
    public var source: String
    /// Whether the day may still change.
    public var status: DayStatus

    /// A day value with explicit fields.
    public init(day: DayKey, value: Double, source: String, status: DayStatus = .settled) {
        self.day = day
        self.value = value
        self.source = source
        self.status = status
    }

    /// Whether ``status`` is `provisional`.
    public var isProvisional: Bool { status == .provisional }
}
