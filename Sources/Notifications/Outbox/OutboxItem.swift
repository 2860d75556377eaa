/// One message waiting in a ``WebhookOutbox`` for one endpoint.
public struct OutboxItem: Sendable, Equatable {
    /// The outbox row. Within an endpoint, a smaller id was enqueued earlier and is
    /// delivered first.
    public var id: Int64
    /// Where it goes.
    public var endpoint: WebhookEndpoint
    /// The `webhook-id`: the event's id, the same on every attempt.
    public var messageID: String
    /// The event type, for log lines.
    public var eventType: String
    /// The exact body, signed afresh on each attempt.
    public var body: [UInt8]
    /// Attempts made so far.
    public var attempts: Int
    /// When the first attempt started; nil before it. The retry horizon counts from here.
    public var firstAttemptMs: Int64?
    /// When the next attempt is due.
    public var nextAttemptMs: Int64

    /// An item with these fields.
    public init(id: Int64, endpoint: WebhookEndpoint, messageID: String, eventType: String, body: [UInt8],
                attempts: Int = 0, firstAttemptMs: Int64? = nil, nextAttemptMs: Int64) {
        self.id = id
        self.endpoint = endpoint
        self.messageID = messageID
        self.eventType = eventType
        self.body = body
        self.attempts = attempts
        self.firstAttemptMs = firstAttemptMs
        self.nextAttemptMs = nextAttemptMs
    }
}
