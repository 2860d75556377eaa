/// One MQTT message the publisher wants on the broker.
public struct HomeAssistantMessage: Sendable, Equatable {
    /// The topic.
    public var topic: String
    /// The payload: compact JSON for a discovery config, text for a state.
    public var payload: [UInt8]
    /// Whether the broker keeps it for later subscribers (always, for configs and states).
    public var retain: Bool

    /// A message.
    public init(topic: String, payload: [UInt8], retain: Bool) {
        self.topic = topic
        self.payload = payload
        self.retain = retain
    }

    /// The payload as text.
    public var text: String { String(decoding: payload, as: UTF8.self) }
}
