/// Decides which local days (or nights) a sample contributes to.
///
/// - Cumulative metrics: every local day of the sample's own `timezone` that its
///   interval `[start, end)` overlaps; the value is later split across them in
///   proportion to duration (as Health.app's statistics do). An instant belongs to the
///   day of its start.
/// - Discrete and raw metrics: the local day of `startTimeMs`.
/// - Sleep: the night key, i.e. the wake-up date (see ``nightKey(endTimeMs:zone:clock:)``).
public enum DayAttribution {
    /// Local time from which a segment's end counts toward the next date's night.
    public static let nightCutoffMs: Int64 = 18 * 3_600_000

    /// The day keys whose aggregates include `sample`, ascending, without duplicates.
    public static func days(for sample: Sample, clock: ZoneClock) -> [DayKey] {
        switch sample.metric.aggregation {
        case .cumulative, .cumulativeDeduplicated:
            let first = clock.dayKey(atMs: sample.startTimeMs, zone: sample.timezone)
            guard sample.endTimeMs > sample.startTimeMs else { return [first] }
            // The end is exclusive: a sample ending exactly at midnight does not touch the next day.
            let last = clock.dayKey(atMs: sample.endTimeMs - 1, zone: sample.timezone)
            if last <= first { return [first] }
            return (first.ordinal...last.ordinal).map(DayKey.init(ordinal:))
        case .discrete, .raw:
            return [clock.dayKey(atMs: sample.startTimeMs, zone: sample.timezone)]
        case .sleep:
            return [nightKey(endTimeMs: sample.endTimeMs, zone: sample.timezone, clock: clock)]
        }
    }

    /// Whether `days(for:clock:)` contains `day`, without building the array.
    public static func contributes(_ sample: Sample, to day: DayKey, clock: ZoneClock) -> Bool {
        switch sample.metric.aggregation {
        case .cumulative, .cumulativeDeduplicated:
            let first = clock.dayKey(atMs: sample.startTimeMs, zone: sample.timezone)
            if day == first { return true }
            guard day > first, sample.endTimeMs > sample.startTimeMs else { return false }
            return day <= clock.dayKey(atMs: sample.endTimeMs - 1, zone: sample.timezone)
        case .discrete, .raw:
            return clock.dayKey(atMs: sample.startTimeMs, zone: sample.timezone) == day
        case .sleep:
            return nightKey(endTimeMs: sample.endTimeMs, zone: sample.timezone, clock: clock) == day
        }
    }

    /// The night a sleep segment belongs to: the local date of its end when that is before
    /// 18:00, else the next date. A night belongs to the day you wake up, so 23:10–06:45
    /// is one night rather than two halves, while a nap ending at 15:00 stays on its day.
    public static func nightKey(endTimeMs: Int64, zone: String, clock: ZoneClock) -> DayKey {
        let date = clock.dayKey(atMs: endTimeMs, zone: zone)
        let timeOfDay = clock.localMillisecondOfDay(atMs: endTimeMs, zone: zone)
        return timeOfDay < nightCutoffMs ? date : date.adding(days: 1)
    }

    /// The part of a cumulative sample inside local `day` of its own zone: the clipped
    /// interval and the share of the value proportional to the clipped duration. Nil when
    /// the sample does not touch the day or has no value.
    public static func share(of sample: Sample, in day: DayKey, clock: ZoneClock) -> (interval: Interval, value: Double)? {
        share(of: sample, inDayFrom: clock.startOfDayMs(day, zone: sample.timezone),
              to: clock.startOfDayMs(day.adding(days: 1), zone: sample.timezone))
    }

    /// `share(of:in:clock:)` with the day's bounds in the sample's zone already known, so
    /// a day of many samples in one zone computes its bounds once.
    public static func share(of sample: Sample, inDayFrom dayStart: Int64, to dayEnd: Int64) -> (interval: Interval, value: Double)? {
        guard let value = sample.valueNumber else { return nil }
        let duration = sample.endTimeMs - sample.startTimeMs
        if duration <= 0 {
            guard dayStart <= sample.startTimeMs, sample.startTimeMs < dayEnd else { return nil }
            return (Interval(start: sample.startTimeMs, end: sample.startTimeMs), value)
        }
        let clipped = Interval(start: max(sample.startTimeMs, dayStart), end: min(sample.endTimeMs, dayEnd))
        guard !clipped.isEmpty else { return nil }
        if clipped.length == duration { return (clipped, value) }
        return (clipped, value * Double(clipped.length) / Double(duration))
    }
}
