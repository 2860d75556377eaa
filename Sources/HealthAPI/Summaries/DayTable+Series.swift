import HealthDomain
import HealthStore

extension DayTable {
    /// The summary value of each day with data in `from…to`, ascending.
    func series(_ spec: MetricSpec, from: DayKey, to: DayKey) -> [(day: DayKey, value: Double)] {
        entries(spec.metric, from: from, to: to).compactMap { item in spec.summaryValue(item.entry).map { (item.day, $0) } }
    }
}
