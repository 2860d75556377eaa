import HealthDomain

/// What one generated day looks like before any sample exists: its zone, what kind of
/// day it is, and the instants that bound its night and its waking hours.
struct DemoDayPlan {
    /// The character of a day, which drives wake times, walks and workouts.
    enum Kind: Equatable {
        case workday
        case weekend
        case vacation
        case sick
        /// A day of the trip abroad.
        case trip
    }

    /// Position in the history (0 = oldest day).
    let index: Int
    /// The local date in ``zone``.
    let day: DayKey
    /// `day` as `YYYY-MM-DD`, computed once for the sample keys.
    let dayText: String
    /// The IANA zone every sample of the day carries.
    let zone: String
    let kind: Kind
    /// Start of the night that ends on the morning of ``day`` (in bed).
    let sleepStartMs: Int64
    /// Wake-up at the end of that night.
    let wakeMs: Int64
    /// When the day's activity data stops: shortly before the next night, or boarding on
    /// a flight day.
    let activityEndMs: Int64
    /// First instant of ``day`` in ``zone``.
    let dayStartMs: Int64
    /// First instant after ``day`` in ``zone``.
    let dayEndMs: Int64
    /// The UTC offset in effect while awake. Home-zone DST changes happen at night, so one
    /// offset serves the whole waking window.
    let wakingOffsetMs: Int64
    /// Slow multiplicative trend on movement (seasons, fitness), around 1.
    let activityFactor: Double
    /// Whether this is the first day abroad (the night before it was spent on the plane).
    let isArrival: Bool
    /// Whether the day ends with boarding a flight.
    let isFlightOut: Bool

    /// Local minute of the day (may exceed 1440 after midnight) of an instant in the waking window.
    func localMinute(_ ms: Int64) -> Int {
        Int((ms + wakingOffsetMs - Int64(day.ordinal) * 86_400_000) / 60_000)
    }

    /// The instant of a local minute of ``day`` (see ``localMinute(_:)``), waking window only.
    func instant(localMinute minute: Int) -> Int64 {
        Int64(day.ordinal) * 86_400_000 + Int64(minute) * 60_000 - wakingOffsetMs
    }
}
