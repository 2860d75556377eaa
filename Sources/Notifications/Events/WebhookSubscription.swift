/// Who wants which events, and in how much detail.
public struct WebhookSubscription: Sendable, Equatable {
    /// Where deliveries go.
    public var endpoint: WebhookEndpoint
    /// The event types wanted; nil for all of them.
    public var types: Set<ChangeEventType>?
    /// Whether deliveries carry the event's ``ChangeEvent/values`` (`include=values`).
    public var includeValues: Bool

    /// A subscription of `endpoint` to `types` (nil: every type).
    public init(endpoint: WebhookEndpoint, types: Set<ChangeEventType>? = nil, includeValues: Bool = false) {
        self.endpoint = endpoint
        self.types = types
        self.includeValues = includeValues
    }

    /// Whether `event` goes to this subscription.
    public func accepts(_ event: ChangeEvent) -> Bool {
        types?.contains(event.type) ?? true
    }

    /// The body `event` is delivered with to this subscription.
    public func body(for event: ChangeEvent) -> [UInt8] {
        event.body(includeValues: includeValues)
    }
}
