import JSON

/// One entry of the changes feed as stored: a ``ChangeDraft`` with its place in the feed.
public struct ChangeEntry: Sendable, Equatable {
    /// Its position: strictly increasing, never reused. The feed's cursors are positions.
    public var position: Int64
    /// `evt_` and 32 hex digits, random: the `webhook-id` of every delivery of it.
    public var id: String
    /// The event type (`day.changed`, …).
    public var type: String
    /// When it was appended, in milliseconds since the epoch.
    public var occurredMs: Int64
    /// What changed, without health values.
    public var subject: [String: JSONValue]
    /// The values, for those who ask; nil when there are none.
    public var values: [String: JSONValue]?

    /// An entry with these fields.
    public init(position: Int64, id: String, type: String, occurredMs: Int64, subject: [String: JSONValue],
                values: [String: JSONValue]?) {
        self.position = position
        self.id = id
        self.type = type
        self.occurredMs = occurredMs
        self.subject = subject
        self.values = values
    }
}
