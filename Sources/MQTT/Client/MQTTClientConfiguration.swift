/// How an ``MQTTClient`` connects and delivers.
public struct MQTTClientConfiguration: Sendable {
    /// The broker's host name or IP literal.
    public var host: String
    /// The broker's port.
    public var port: Int
    /// The client identifier; brokers must accept 1–23 characters of `[0-9a-zA-Z]`, and a
    /// second connection with the same identifier disconnects the first.
    public var clientID: String
    /// The user name, if the broker wants one.
    public var userName: String?
    /// The password (sent only with a user name).
    public var password: String?
    /// Start each connection with a fresh session. Unacknowledged messages are resent after a
    /// reconnect either way; a publisher without subscriptions has nothing else to keep.
    public var cleanSession = true
    /// Seconds of silence the broker allows; PINGREQ goes out every half of it, and a PINGRESP
    /// missing for a whole period counts as a dead connection. 0 turns keep-alive off.
    public var keepAlive: UInt16 = 60
    /// The availability topic (will `offline`, then `online`), if any.
    public var availability: MQTTAvailability?
    /// Seconds to wait for a PUBACK before resending a QoS 1 PUBLISH with the DUP flag.
    public var retryInterval: Double = 10
    /// Seconds for the TCP connection and the CONNACK together.
    public var connectTimeout: Double = 10
    /// The waits between reconnection attempts.
    public var reconnectBackoff = ReconnectBackoff()
    /// QoS 1 messages sent and not yet acknowledged, at most.
    public var maxInFlight = 16
    /// Messages accepted and not yet delivered, at most; past it `publish` throws
    /// ``MQTTError/Kind/queueFull`` instead of holding memory for a broker that is gone.
    public var maxQueued = 1_000

    /// A configuration for the broker at `host:port`.
    public init(host: String, port: Int = MQTTBrokerURL.defaultPort, clientID: String) {
        self.host = host
        self.port = port
        self.clientID = clientID
    }

    /// A configuration for the broker and credentials of `url`.
    public init(url: MQTTBrokerURL, clientID: String) {
        self.init(host: url.host, port: url.port, clientID: clientID)
        userName = url.userName
        password = url.password
    }

    /// The CONNECT packet for this configuration.
    var connectPacket: MQTTPacket.Connect {
        MQTTPacket.Connect(clientID: clientID, cleanSession: cleanSession, keepAlive: keepAlive, will: availability?.will,
                           userName: userName, password: password.map { Array($0.utf8) })
    }
}
