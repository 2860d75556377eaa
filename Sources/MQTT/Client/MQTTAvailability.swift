/// The availability topic convention of Home Assistant and most MQTT integrations: the
/// broker holds a retained `online` or `offline` for the client.
///
/// The client registers `offline` (retained, QoS 1) as its will, so the broker publishes
/// it when the connection dies without a goodbye (a crash, `kill -9`, a cut cable); after
/// every accepted CONNECT it publishes `online` (retained, QoS 1); and on ``MQTTClient/shutdown(drainTimeout:)``
/// it publishes `offline` itself before DISCONNECT, which discards the will.
public struct MQTTAvailability: Sendable, Equatable {
    /// The topic, for example `healthd/status`.
    public var topic: String
    /// The payload while connected.
    public var online: String
    /// The payload once gone.
    public var offline: String

    /// An availability topic with these payloads.
    public init(topic: String, online: String = "online", offline: String = "offline") {
        self.topic = topic
        self.online = online
        self.offline = offline
    }

    /// The will CONNECT carries.
    var will: MQTTPacket.Will {
        MQTTPacket.Will(topic: topic, payload: Array(offline.utf8), retain: true, qos: .atLeastOnce)
    }
}
