import JSON

/// A change about to be appended to the changes feed: what happened, the facts that name
/// it (no health values) and, apart, the values a subscriber may ask for. The feed gives
/// it its position, id and time when it is appended.
public struct ChangeDraft: Sendable, Equatable {
    /// The event type as receivers see it (`day.changed`, `night.settled`, …).
    public var type: String
    /// What changed: day keys, metric names, a source name, an intent id; no health values.
    public var subject: [String: JSONValue]
    /// The values that changed, sent only to those who ask for them; nil when there are none.
    public var values: [String: JSONValue]?

    /// A draft of `type`.
    public init(type: String, subject: [String: JSONValue], values: [String: JSONValue]? = nil) {
        self.type = type
        self.subject = subject
        self.values = values
    }
}
