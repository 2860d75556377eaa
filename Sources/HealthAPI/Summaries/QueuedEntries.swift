import HealthDomain
import JSON
import HealthStore

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
    /// Entries for local dates `from…to` that are not (yet) part of the stored samples,
    /// read through `reader`: a summary asks inside the read transaction it is built in, so
    /// the queue and the totals come from one snapshot and an intent reconciled in between
    /// is neither counted twice nor missed.
    func queuedEntries(from: DayKey, to: DayKey, reader: StoreReader) throws -> [QueuedEntry]
    /// The write-intent kinds an agent may create, for `/health/capabilities`; empty when
    /// writing is not available.
    var writeIntentKinds: [JSONValue] { get }
}

/// The default provider: no write-intent queue, nothing queued.
public struct NothingQueued: QueuedEntriesProvider {
    public init() {}
    public func queuedEntries(from: DayKey, to: DayKey, reader: StoreReader) throws -> [QueuedEntry] { [] }
    public var writeIntentKinds: [JSONValue] { [] }
}

extension [QueuedEntry] {
    /// `{"entries": [...], "totals": {metric: {status: value}}, "note"}`, kept out of every total.
    func json(_ catalog: MetricCatalog) -> JSONValue {
        var totals: [String: [String: Double]] = [:]
        for entry in self { totals[entry.metric.rawValue, default: [:]][entry.status.rawValue, default: 0] += entry.value }
        let sorted = self.sorted { ($0.day, $0.metric, $0.status.rawValue, $0.value) < ($1.day, $1.metric, $1.status.rawValue, $1.value) }
        return [
            "entries": .array(sorted.map { entry in
                ["metric": .string(entry.metric.rawValue), "day": .string(entry.day.description),
                 "value": catalog.spec(for: entry.metric).map { SummaryNumber.value(entry.value, $0) } ?? SummaryNumber.rounded(entry.value, decimals: 3),
                 "unit": .string(catalog.spec(for: entry.metric)?.summaryUnit ?? ""),
                 "status": .string(entry.status.rawValue)]
            }),
            "totals": .object(totals.mapValues { byStatus in .object(byStatus.mapValues { .number(($0 * 10).rounded() / 10) }) }),
            "note": "Queued entries are shown separately and are not included in any total.",
        ]
    }

    /// "+400 kcal dietary energy queued (not counted)", or nil when nothing is queued.
    func text(_ catalog: MetricCatalog) -> String? {
        guard !isEmpty else { return nil }
        var byMetric: [Metric: Double] = [:]
        for entry in self { byMetric[entry.metric, default: 0] += entry.value }
        let parts = byMetric.sorted { $0.key < $1.key }.map { metric, amount -> String in
            let spec = catalog.spec(for: metric)
            let summaryUnit = spec?.summaryUnit ?? ""
            let unit = summaryUnit == "count" || summaryUnit.isEmpty ? "" : " \(summaryUnit)"
            return "\(SummaryText.signed(amount))\(unit) \(spec?.textName ?? metric.rawValue) queued"
        }
        return parts.joined(separator: ", ") + " (not counted above)"
    }
}
