import Locking
import MQTT
import Notifications

/// Records what the bridge hands to the MQTT client, in order.
final class RecordingPublisher: MQTTPublishing {
    struct Sent: Sendable, Equatable {
        var topic: String
        var text: String
        var retain: Bool
        var qos: QoS
    }

    private let log = Locked<[Sent]>([])

    var sent: [Sent] { log.withLock { $0 } }

    /// The last payload handed over for `topic`.
    func latest(_ topic: String) -> String? {
        log.withLock { $0.last { $0.topic == topic }?.text }
    }

    func enqueue(topic: String, payload: [UInt8], retain: Bool, qos: QoS) throws(MQTTError) {
        log.withLock { $0.append(Sent(topic: topic, text: String(decoding: payload, as: UTF8.self), retain: retain, qos: qos)) }
    }
}
