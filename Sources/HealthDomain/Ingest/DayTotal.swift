/// A day's total that HealthKit's statistics already computed — de-duplicated across
/// sources, the number the Health app shows — as some clients send it beside (or
/// instead of) the raw samples: `step_count` from the source "HealthKit Statistics" or
/// marked `aggregation: "day_total"`. It is not a sample spanning 24 hours: where one
/// exists it is that day's total, the raw samples of the day still give the per-source
/// split and never add to it.
public struct DayTotal: Sendable, Equatable {
    /// A summed metric.
    public var metric: Metric
    /// The local day it totals.
    public var day: DayKey
    /// The total, in the metric's canonical unit.
    public var value: Double
    /// Who computed it ("HealthKit Statistics").
    public var source: String
    /// The identity it arrived with (a HealthKit id or the derived key).
    public var key: String

    /// A total with explicit values.
    public init(metric: Metric, day: DayKey, value: Double, source: String, key: String) {
        self.metric = metric
        self.day = day
        self.value = value
        self.source = source
        self.key = key
    }

}

extension ZoneClock {
    /// The date of the local midnight nearest the instant in `zone`: the day of a value
    /// dated by an instant at a midnight (a day total, a day's rings). Apps write local
    /// midnight in UTC (`…T22:00:00Z` for a summer day in Berlin) or `…T00:00:00Z`
    /// whatever the zone; the nearest midnight reads both right.
    public func dayOfNearestMidnight(atMs ms: Int64, zone: String) -> DayKey {
        dayKey(atMs: ms + 12 * 3_600_000, zone: zone)
    }
}

extension SampleRules {
    /// A day total from a draft dated by an instant: the draft passes the same rules as a
    /// sample (metric, unit, range, zone), then must be of a summed kind.
    public func dayTotal(_ draft: SampleDraft, localDate: DayKey?, clock: ZoneClock) -> (total: DayTotal?, issues: [ValidationIssue]) {
        switch validate(draft) {
        case .invalid(let issues):
            return (nil, issues)
        case .valid(let sample):
            guard let kind = catalog.kind(of: sample.metric), kind.isSummed, let value = sample.valueNumber else {
                return (nil, [ValidationIssue(field: draft.fields.metric, code: "day_total",
                                              message: "a day total needs a summed metric (steps, distances, energy, …); '\(sample.metric.rawValue)' is not one")])
            }
            let day = localDate ?? clock.dayOfNearestMidnight(atMs: sample.startTimeMs, zone: sample.timezone)
            return (DayTotal(metric: sample.metric, day: day, value: value, source: sample.sourceDisplayName, key: sample.sampleKey), [])
        }
    }
}
