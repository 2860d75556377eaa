import HealthDomain
import JSON
import HealthStore

/// The write-intent queue is what summaries show as queued: pending and failed intents
/// (the phone has not written them yet) and applied ones not yet synced back.
extension WriteIntentStore: QueuedEntriesProvider {
    public func queuedEntries(from: DayKey, to: DayKey, reader: StoreReader) throws -> [QueuedEntry] {
        var entries: [QueuedEntry] = []
        for spec in catalog.writable {
            for (day, amount) in try reader.queuedTotals(metric: spec.metric, unit: spec.unit ?? "", days: from...to) {
                let notWritten = (amount.totalsByStatus[.pending] ?? 0) + (amount.totalsByStatus[.failed] ?? 0)
                let notSynced = amount.totalsByStatus[.applied] ?? 0
                if (amount.countsByStatus[.pending] ?? 0) + (amount.countsByStatus[.failed] ?? 0) > 0 {
                    entries.append(QueuedEntry(metric: spec.metric, day: day, value: notWritten, status: .pending))
                }
                if (amount.countsByStatus[.applied] ?? 0) > 0 {
                    entries.append(QueuedEntry(metric: spec.metric, day: day, value: notSynced, status: .appliedNotSynced))
                }
            }
        }
        return entries
    }

    public var writeIntentKinds: [JSONValue] {
        WriteIntentRoutes.capabilities(policy: policy, catalog: catalog)["metrics"]?.arrayValue ?? []
    }
}
