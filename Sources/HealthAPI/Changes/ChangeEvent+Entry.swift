import HealthStore
import Notifications

extension ChangeEvent {
    /// The event of a stored feed entry, rendered as webhooks deliver it; nil for a type this
    /// version does not know (written by a newer one).
    init?(entry: ChangeEntry) {
        guard let type = ChangeEventType(rawValue: entry.type) else { return nil }
        self.init(id: entry.id, type: type, occurredAtMs: entry.occurredMs, cursor: entry.position, subject: entry.subject,
                  values: entry.values)
    }
}
