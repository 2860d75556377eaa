import Locking

/// A ``WebhookOutbox`` in memory, for tests and for running without a store. It keeps
/// what happened to every item so a test can read the record afterwards.
public final class InMemoryWebhookOutbox: WebhookOutbox {
    /// Where an item stands.
    public enum Status: String, Sendable, Equatable {
        /// Waiting for its first or next attempt.
        case pending
        /// Delivered.
        case delivered
        /// Given up.
        case expired
    }

    /// An item and its fate.
    public struct Record: Sendable, Equatable {
        /// The item as the outbox holds it now.
        public var item: OutboxItem
        /// Where it stands.
        public var status: Status
        /// The last failure's reason, if any.
        public var lastError: String?
    }

    private struct State {
        var records: [Record] = []
        var nextID: Int64 = 1
    }

    private let state = Locked(State())

    /// An empty outbox.
    public init() {}

    /// Queues `body` for `endpoint`, due at `nowMs`; the new item's id.
    @discardableResult
    public func enqueue(endpoint: WebhookEndpoint, messageID: String, eventType: String, body: [UInt8], nowMs: Int64) -> Int64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            let item = OutboxItem(id: id, endpoint: endpoint, messageID: messageID, eventType: eventType, body: body,
                                  nextAttemptMs: nowMs)
            state.records.append(Record(item: item, status: .pending, lastError: nil))
            return id
        }
    }

    /// Queues `event` for every subscription that accepts it, each with its own body; the new ids.
    @discardableResult
    public func enqueue(_ event: ChangeEvent, for subscriptions: [WebhookSubscription], nowMs: Int64) -> [Int64] {
        subscriptions.filter { $0.accepts(event) }.map { subscription in
            enqueue(endpoint: subscription.endpoint, messageID: event.id, eventType: event.type.rawValue,
                    body: subscription.body(for: event), nowMs: nowMs)
        }
    }

    /// Every item ever queued, in id order.
    public var records: [Record] {
        state.withLock { $0.records }
    }

    /// The record of item `id`.
    public func record(_ id: Int64) -> Record? {
        state.withLock { $0.records.first { $0.item.id == id } }
    }

    public func due(nowMs: Int64, limit: Int) -> [OutboxItem] {
        let heads = state.withLock { Self.heads(of: $0.records) }
        return Array(heads.filter { $0.nextAttemptMs <= nowMs }
            .sorted { ($0.nextAttemptMs, $0.id) < ($1.nextAttemptMs, $1.id) }
            .prefix(max(0, limit)))
    }

    public func nextAttemptMs(after nowMs: Int64) -> Int64? {
        state.withLock { Self.heads(of: $0.records) }.map(\.nextAttemptMs).filter { $0 > nowMs }.min()
    }

    public func delivered(id: Int64) {
        update(id) { $0.status = .delivered }
    }

    public func failed(id: Int64, attempt: Int, firstAttemptMs: Int64, nextAttemptMs: Int64, lastError: String) {
        update(id) { record in
            record.item.attempts = attempt
            record.item.firstAttemptMs = record.item.firstAttemptMs ?? firstAttemptMs
            record.item.nextAttemptMs = nextAttemptMs
            record.lastError = lastError
        }
    }

    public func expired(id: Int64, attempt: Int, lastError: String) {
        update(id) { record in
            record.item.attempts = attempt
            record.status = .expired
            record.lastError = lastError
        }
    }

    private func update(_ id: Int64, _ change: (inout Record) -> Void) {
        state.withLock { state in
            guard let index = state.records.firstIndex(where: { $0.item.id == id }) else { return }
            change(&state.records[index])
        }
    }

    /// The pending item with the smallest id of each endpoint.
    private static func heads(of records: [Record]) -> [OutboxItem] {
        var heads: [String: OutboxItem] = [:]
        for record in records where record.status == .pending {
            if let head = heads[record.item.endpoint.id], head.id < record.item.id { continue }
            heads[record.item.endpoint.id] = record.item
        }
        return Array(heads.values)
    }
}
