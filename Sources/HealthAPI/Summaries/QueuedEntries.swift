import HealthDomain
import JSON

/// An entry waiting to reach HealthKit (a pending write intent, or one the phone applied
/// that has not synced back yet). Summaries show these beside the totals — "+400 kcal
/// queued" — and never add them in, so nothing is counted twice once it syncs.
public struct QueuedEntry: Sendable, Equatable {
    public enum Status: String, Sendable {
        case pending
        /// Written to HealthKit by the phone but not yet ingested back.
        case appliedNotSynced = "applied_not_synced"
    }

    public var metric: Metric
    public var day: DayKey
    /// The amount in the metric's canonical unit.
    public var value: Double
    public var status: Status

    public init(metric: Metric, day: DayKey, value: Double, status: Status) {
        self.metric = metric
        self.day = day
        self.value = value
        self.status = status
    }
}

/// Where summaries learn about queued entries. The write-intent queue plugs in here;
/// until it does, nothing is queued.
public protocol QueuedEntriesProvider: Sendable {
    /// Entries for local dates `from…to` that are not (yet) part of the stored samples.
    func queuedEntries(from: DayKey, to: DayKey) async throws -> [QueuedEntry]
    /// The write-intent kinds an agent may create, for `/health/capabilities`; empty when
    /// writing is not available.
    var writeIntentKinds: [JSONValue] { get }
}

/// The default provider: no write-intent queue, nothing queued.
public struct NothingQueued: QueuedEntriesProvider {
    public init() {}
    public func queuedEntries(from: DayKey, to: DayKey) async throws -> [QueuedEntry] { [] }
    public var writeIntentKinds: [JSONValue] { [] }
}

extension [QueuedEntry] {
    /// `{"entries": [...], "totals": {metric: {status: value}}, "note"}`, kept out of every total.
    var json: JSONValue {
        var totals: [String: [String: Double]] = [:]
        for entry in self { totals[entry.metric.rawValue, default: [:]][entry.status.rawValue, default: 0] += entry.value }
        let sorted = self.sorted { ($0.day, $0.metric, $0.status.rawValue, $0.value) < ($1.day, $1.metric, $1.status.rawValue, $1.value) }
        return [
            "entries": .array(sorted.map { entry in
                ["metric": .string(entry.metric.rawValue), "day": .string(entry.day.description),
                 "value": SummaryNumber.value(entry.value, metric: entry.metric), "unit": .string(entry.metric.summaryUnit),
                 "status": .string(entry.status.rawValue)]
            }),
            "totals": .object(totals.mapValues { byStatus in .object(byStatus.mapValues { .number(($0 * 10).rounded() / 10) }) }),
            "note": "Queued entries are shown separately and are not included in any total.",
        ]
    }

    /// "+400 kcal dietary energy queued (not counted)", or nil when nothing is queued.
    var text: String? {
        guard !isEmpty else { return nil }
        var byMetric: [Metric: Double] = [:]
        for entry in self { byMetric[entry.metric, default: 0] += entry.value }
        let parts = byMetric.keys.sorted().map { metric -> String in
            let amount = byMetric[metric]!
            let unit = metric.summaryUnit == "count" ? "" : " \(metric.summaryUnit)"
            return "\(SummaryText.signed(amount))\(unit) \(metric.textName) queued"
        }
        return parts.joined(separator: ", ") + " (not counted above)"
    }
}
