import Foundation
import HealthStore
import Notifications
import Webhooks

/// Adding, listing and removing webhook subscriptions (`healthd webhook`): checks what
/// the store takes as given — an absolute `http`/`https` URL, known event types — and
/// makes each subscription's signing secret.
public struct WebhookRegistry: Sendable {
    /// Why a subscription was refused. Messages never contain a secret.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// A sentence for a person.
        public var description: String

        init(_ description: String) { self.description = description }
    }

    /// A subscription just added, with its secret: the only time the secret is shown.
    public struct Added: Sendable {
        /// The stored subscription.
        public var record: WebhookStore.Record
        /// `whsec_…`: receivers verify deliveries with it.
        public var secret: String
    }

    /// The subscriptions' table.
    public let store: WebhookStore

    /// A registry over `store`.
    public init(store: WebhookStore) {
        self.store = store
    }

    /// Adds a subscription of `url` to the event types named in `events` (nil: every type)
    /// with a new 32-byte secret.
    public func add(url: String, events: [String]?, includeValues: Bool, nowMs: Int64) throws -> Added {
        do {
            _ = try WebhookEndpoint(id: "new", url: url, secret: WebhookSecret(key: [0]))
        } catch {
            throw Refusal("'\(url.prefix(200))' is not a webhook URL: \(error)")
        }
        let types = try events.map { try Self.types($0) }
        if let types, types.isEmpty { throw Refusal("a webhook needs at least one event type") }
        let secret = try WebhookSecret.generate()
        let record = try store.add(url: url, secret: secret.encoded, events: types.map { $0.map(\.rawValue) },
                                   includeValues: includeValues, nowMs: nowMs)
        return Added(record: record, secret: secret.encoded)
    }

    /// Every subscription, without secrets.
    public func list() throws -> [WebhookStore.Record] {
        try store.list()
    }

    /// Removes subscription `id` and its waiting deliveries.
    public func remove(id: String) throws {
        try store.remove(id: id)
    }

    /// The event type names of a comma-separated list (`day.settled,intent.dead`), checked
    /// and sorted; nil for `all` or `*` (every type).
    public static func events(_ text: String) throws -> [String]? {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if names == ["all"] || names == ["*"] { return nil }
        return try types(names).map(\.rawValue)
    }

    /// The types named, without repeats, sorted; refuses an unknown name.
    static func types(_ names: [String]) throws -> [ChangeEventType] {
        var types: Set<ChangeEventType> = []
        for name in names {
            guard let type = ChangeEventType(rawValue: name) else {
                throw Refusal("unknown event type '\(name.prefix(64))'; known: \(ChangeEventType.allCases.map(\.rawValue).joined(separator: ", ")), or all")
            }
            types.insert(type)
        }
        return types.sorted()
    }
}
