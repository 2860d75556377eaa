import MQTT

/// What the publisher needs from an MQTT client: hand over a message without waiting for
/// the broker. ``MQTTClient`` conforms; tests record instead.
public protocol MQTTPublishing: Sendable {
    /// Queues a message for delivery; throws when the client cannot take it (stopped, queue full).
    func enqueue(topic: String, payload: [UInt8], retain: Bool, qos: QoS) throws(MQTTError)
}

extension MQTTClient: MQTTPublishing {}
