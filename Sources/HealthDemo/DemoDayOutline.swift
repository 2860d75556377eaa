import HealthDomain

/// The frame of one day of a ``DemoHistory`` without its samples: where it is, when its
/// night and waking hours are, and what kind of day it is. For generators that add their
/// own samples to the history's days (the scale benchmark's heavy user) without
/// overlapping its nights or its neighbours.
public struct DemoDayOutline: Sendable, Equatable {
    /// The local date.
    public let day: DayKey
    /// The IANA zone every sample of the day carries.
    public let zone: String
    /// The night that ends on the morning of ``day``: in bed until waking up.
    public let night: Range<Int64>
    /// From waking up to when the day's activity data stops (shortly before the next
    /// night, or boarding on a flight day).
    public let waking: Range<Int64>
    /// A sick day: little movement, no training.
    public let isSick: Bool
    /// The day ends with boarding a flight or begins with landing after one.
    public let isTravelDay: Bool
}
