/// Decides which local days (or nights) a sample contributes to.
///
/// - Summed kinds: every local day of the sample's own `timezone` that its interval
///   `[start, end)` overlaps; the value is later split across them in proportion to
///   duration (as Health.app's statistics do). An instant belongs to the day of its start.
/// - Readings, category samples, blood pressure and metrics stored raw: the local day
///   of `startTimeMs`.
/// - Sleep: the night key, i.e. the wake-up date (see ``nightKey(endTimeMs:zone:clock:)``).
///
/// ``attribute(_:kind:clock:)`` is the one place this is computed for a sample; the
/// store buckets samples by its answer and the aggregator trusts the buckets.
public enum DayAttribution {
    /// Local time from which a segment's end counts toward the next date's night.
    public static let nightCutoffMs: Int64 = 18 * 3_600_000
    static let dayMs: Int64 = 86_400_000

    /// Where one sample lands: the contiguous run of days it contributes to, and the UTC
    /// offset of its zone at its start (which bounds the window recomputation reads).
    public struct Attribution: Sendable, Equatable {
        /// The first day it contributes to.
        public var first: DayKey
        /// The last day it contributes to (`first` unless a summed sample crosses midnight).
        public var last: DayKey
        /// UTC offset of the sample's zone at its start, in seconds.
        public var offsetSeconds: Int

        /// The days, ascending.
        public var days: [DayKey] {
            first == last ? [first] : (first.ordinal...last.ordinal).map(DayKey.init(ordinal:))
        }

        /// Whether `day` is one of ``days``.
        public func contains(_ day: DayKey) -> Bool { first <= day && day <= last }
    }

    /// Attributes `sample` as a metric of `kind` (nil: stored raw, attributed to its start day).
    public static func attribute(_ sample: Sample, kind: MetricKind?, clock: ZoneClock) -> Attribution {
        let offset = clock.offsetSeconds(atMs: sample.startTimeMs, zone: sample.timezone)
        // The start's offset gives its local day without a second zone lookup.
        let startDay = DayKey(ordinal: Int(ZoneClock.floorDiv(sample.startTimeMs + Int64(offset) * 1000, dayMs)))
        switch kind {
        case .cumulative?, .cumulativeDeduplicated?:
            // The end is exclusive: a sample ending exactly at midnight does not touch the next day.
            guard sample.endTimeMs > sample.startTimeMs else { return Attribution(first: startDay, last: startDay, offsetSeconds: offset) }
            let last = clock.dayKey(atMs: sample.endTimeMs - 1, zone: sample.timezone)
            return Attribution(first: startDay, last: max(startDay, last), offsetSeconds: offset)
        case .discrete?, .categoryDuration?, .categoryEvent?, .bloodPressure?, nil:
            return Attribution(first: startDay, last: startDay, offsetSeconds: offset)
        case .sleep?:
            let night = nightKey(endTimeMs: sample.endTimeMs, zone: sample.timezone, clock: clock)
            return Attribution(first: night, last: night, offsetSeconds: offset)
        }
    }

    /// The day keys whose aggregates include `sample`, ascending, without duplicates.
    public static func days(for sample: Sample, kind: MetricKind?, clock: ZoneClock) -> [DayKey] {
        attribute(sample, kind: kind, clock: clock).days
    }

    /// The night a sleep segment belongs to: the local date of its end when that is before
    /// 18:00, else the next date. A night belongs to the day you wake up, so 23:10–06:45
    /// is one night rather than two halves, while a nap ending at 15:00 stays on its day.
    public static func nightKey(endTimeMs: Int64, zone: String, clock: ZoneClock) -> DayKey {
        let date = clock.dayKey(atMs: endTimeMs, zone: zone)
        let timeOfDay = clock.localMillisecondOfDay(atMs: endTimeMs, zone: zone)
        return timeOfDay < nightCutoffMs ? date : date.adding(days: 1)
    }

    /// The part of a summed sample inside local `day` of its own zone: the clipped
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
