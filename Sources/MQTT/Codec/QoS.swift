/// The delivery guarantees this implementation speaks. QoS 2 (exactly once) takes a
/// four-packet exchange that publishing state to a home-automation broker does not need;
/// a QoS 2 packet decodes as ``MQTTError/Kind/unsupported``.
public enum QoS: UInt8, Sendable, Comparable {
    /// Sent once, never acknowledged.
    case atMostOnce = 0
    /// Resent until the broker's PUBACK arrives; the receiver may see it twice.
    case atLeastOnce = 1

    public static func < (a: QoS, b: QoS) -> Bool { a.rawValue < b.rawValue }
}
