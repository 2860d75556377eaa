import HealthDomain
import HealthStore

extension DayTable {
    /// The summary value of each day with data in `from…to`, ascending.
    func series(_ spec: MetricSpec, from: DayKey, to: DayKey) -> [(day: DayKey, value: Double)] {
        guard let days = entries[spec.metric] else { return [] }
        var out: [(day: DayKey, value: Double)] = []
        if days.count < to.ordinal - from.ordinal + 1 {
            for (ordinal, entry) in days where ordinal >= from.ordinal && ordinal <= to.ordinal {
                if let v = spec.summaryValue(entry) { out.append((DayKey(ordinal: ordinal), v)) }
            }
            out.sort { $0.day < $1.day }
        } else {
            for ordinal in from.ordinal...to.ordinal {
                if let entry = days[ordinal], let v = spec.summaryValue(entry) { out.append((DayKey(ordinal: ordinal), v)) }
            }
        }
        return out
    }
}
