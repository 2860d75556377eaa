import JSON
import Webhooks

/// One change others may want to hear about, as it is kept in the changes feed and sent
/// to webhook subscribers.
///
/// ``subject`` names what changed without giving away a health value (a day key, metric
/// names, a source name, an intent id and status, a workout key), so a receiver that only
/// needs to know *that* something changed never holds the values; ``values`` carries them
/// and is sent only to subscriptions that ask for it (``WebhookSubscription/includeValues``).
public struct ChangeEvent: Sendable, Equatable {
    /// The event's id: stable for its lifetime, sent as `webhook-id` on every attempt, so
    /// a receiver de-duplicates retries on it.
    public var id: String
    /// What happened.
    public var type: ChangeEventType
    /// When it happened, in milliseconds since the epoch.
    public var occurredAtMs: Int64
    /// Its position in the changes feed: strictly increasing per person.
    public var cursor: Int64
    /// The facts that name what changed; no health values.
    public var subject: [String: JSONValue]
    /// The values that changed, for subscriptions that ask for them; nil when there are none.
    public var values: [String: JSONValue]?

    /// An event with these fields.
    public init(id: String, type: ChangeEventType, occurredAtMs: Int64, cursor: Int64,
                subject: [String: JSONValue], values: [String: JSONValue]? = nil) {
        self.id = id
        self.type = type
        self.occurredAtMs = occurredAtMs
        self.cursor = cursor
        self.subject = subject
        self.values = values
    }

    /// A fresh event id: `evt_` and 32 lowercase hex digits from the kernel's random source.
    /// Random rather than derived from the cursor, because cursors restart per person and
    /// a receiver subscribed for two people must still see distinct ids.
    public static func makeID() throws(WebhookError) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = Array("evt_".utf8)
        for byte in try SecureRandom.bytes(16) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
