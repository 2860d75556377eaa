import HealthDomain
import HealthStore

extension DayTable {
    /// The summary value of each day with data in `from…to`, ascending.
    func series(_ spec: MetricSpec, from: DayKey, to: DayKey) -> [(day: DayKey, value: Double)] {
        // What `MetricSpec.summaryValue` makes of each entry, read from the columns in place.
        values(spec.metric, from: from, to: to, latestFirst: spec.summaryKind == .latest)
    }
}
