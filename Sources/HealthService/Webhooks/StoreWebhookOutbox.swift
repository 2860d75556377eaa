import HealthStore
import Notifications
import Webhooks

/// The ``WebhookOutbox`` the server delivers from: the store's `webhook_outbox` table
/// (``WebhookOutboxStore``), whose rows were written in the transactions of the changes
/// themselves, so what was queued before a crash or a restart goes out after it, under
/// the same `webhook-id`. Each body is the feed entry's JSON, rendered the same way on
/// every attempt (``ChangeEvent/body(includeValues:)``).
final class StoreWebhookOutbox: WebhookOutbox {
    let rows: WebhookOutboxStore

    init(store: SampleStore) {
        rows = WebhookOutboxStore(store: store)
    }

    func due(nowMs: Int64, limit: Int) throws -> [OutboxItem] {
        // A head that can never be sent is given up here, which uncovers the next row of
        // its subscription; look again until a look gives nothing up (bounded, as each
        // pass gives up at least one row).
        for _ in 0..<64 {
            var items: [OutboxItem] = []
            var gaveUp = false
            for row in try rows.due(nowMs: nowMs, limit: limit) {
                switch Self.item(row) {
                case .success(let item): items.append(item)
                case .failure(let reason):
                    try rows.expired(id: row.id, attempt: row.attempts, lastError: reason.message)
                    gaveUp = true
                }
            }
            if !gaveUp { return items }
        }
        return []
    }

    func nextAttemptMs(after nowMs: Int64) throws -> Int64? {
        try rows.nextAttemptMs(after: nowMs)
    }

    func delivered(id: Int64) throws {
        try rows.delivered(id: id)
    }

    func failed(id: Int64, attempt: Int, firstAttemptMs: Int64, nextAttemptMs: Int64, lastError: String) throws {
        try rows.failed(id: id, attempt: attempt, firstAttemptMs: firstAttemptMs, nextAttemptMs: nextAttemptMs, lastError: lastError)
    }

    func expired(id: Int64, attempt: Int, lastError: String) throws {
        try rows.expired(id: id, attempt: attempt, lastError: lastError)
    }

    /// Why a row cannot become a delivery.
    struct Unsendable: Error {
        var message: String
    }

    /// The delivery of `row`, or why there is none: its entry was pruned or has a type this
    /// version does not know, or its stored endpoint no longer reads.
    static func item(_ row: WebhookOutboxStore.Row) -> Result<OutboxItem, Unsendable> {
        guard let entry = row.entry else { return .failure(Unsendable(message: "the changes feed no longer holds the entry")) }
        guard let event = ChangeEvent(entry: entry) else { return .failure(Unsendable(message: "unknown event type")) }
        let endpoint: WebhookEndpoint
        do {
            endpoint = try WebhookEndpoint(id: row.webhookID, url: row.url, secret: try WebhookSecret(parsing: row.secret))
        } catch {
            return .failure(Unsendable(message: "the stored endpoint is invalid"))
        }
        return .success(OutboxItem(id: row.id, endpoint: endpoint, messageID: event.id, eventType: entry.type,
                                   body: event.body(includeValues: row.includeValues), attempts: row.attempts,
                                   firstAttemptMs: row.firstAttemptMs, nextAttemptMs: row.nextAttemptMs))
    }
}
