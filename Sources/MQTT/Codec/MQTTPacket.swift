/// The MQTT 3.1.1 control packets a publishing client and a broker exchange.
public enum MQTTPacket: Sendable, Equatable {
    /// The client's first packet (type 1).
    case connect(Connect)
    /// The broker's answer to CONNECT (type 2).
    case connAck(ConnAck)
    /// A message (type 3), either direction.
    case publish(Publish)
    /// The acknowledgement of a QoS 1 PUBLISH (type 4).
    case pubAck(packetID: UInt16)
    /// A keep-alive probe from the client (type 12).
    case pingReq
    /// The broker's answer to PINGREQ (type 13).
    case pingResp
    /// The client's clean goodbye (type 14): the broker discards the will.
    case disconnect

    /// The message a broker publishes for a client whose connection ends without DISCONNECT.
    public struct Will: Sendable, Equatable {
        /// The topic it is published to.
        public var topic: String
        /// Its payload.
        public var payload: [UInt8]
        /// Whether the broker keeps it as the topic's retained message.
        public var retain: Bool
        /// Its QoS.
        public var qos: QoS

        /// A will message.
        public init(topic: String, payload: [UInt8], retain: Bool, qos: QoS) {
            self.topic = topic
            self.payload = payload
            self.retain = retain
            self.qos = qos
        }
    }

    /// CONNECT's fields (§3.1). The protocol name is always "MQTT" and the level 4.
    public struct Connect: Sendable, Equatable {
        /// The client identifier (the broker must accept 1–23 characters of [0-9a-zA-Z]).
        public var clientID: String
        /// Start a new session, discarding any the broker kept for this client id.
        public var cleanSession: Bool
        /// Seconds the client may stay silent before the broker drops it; 0 turns it off.
        public var keepAlive: UInt16
        /// The will, if any.
        public var will: Will?
        /// The user name, if any.
        public var userName: String?
        /// The password, if any; 3.1.1 allows one only together with a user name.
        public var password: [UInt8]?

        /// CONNECT's fields.
        public init(clientID: String, cleanSession: Bool = true, keepAlive: UInt16 = 60, will: Will? = nil,
                    userName: String? = nil, password: [UInt8]? = nil) {
            self.clientID = clientID
            self.cleanSession = cleanSession
            self.keepAlive = keepAlive
            self.will = will
            self.userName = userName
            self.password = password
        }
    }

    /// CONNACK's fields (§3.2).
    public struct ConnAck: Sendable, Equatable {
        /// Whether the broker resumed a session it kept.
        public var sessionPresent: Bool
        /// Accepted, or why not.
        public var returnCode: ConnectReturnCode

        /// CONNACK's fields.
        public init(sessionPresent: Bool, returnCode: ConnectReturnCode) {
            self.sessionPresent = sessionPresent
            self.returnCode = returnCode
        }
    }

    /// PUBLISH's fields (§3.3).
    public struct Publish: Sendable, Equatable {
        /// The topic name (no wildcards).
        public var topic: String
        /// The application message.
        public var payload: [UInt8]
        /// The QoS.
        public var qos: QoS
        /// Whether the broker keeps it as the topic's retained message.
        public var retain: Bool
        /// Set on a resend of a QoS 1 message the receiver may have seen.
        public var dup: Bool
        /// The packet identifier, present exactly when QoS > 0.
        public var packetID: UInt16?

        /// PUBLISH's fields.
        public init(topic: String, payload: [UInt8], qos: QoS = .atMostOnce, retain: Bool = false, dup: Bool = false,
                    packetID: UInt16? = nil) {
            self.topic = topic
            self.payload = payload
            self.qos = qos
            self.retain = retain
            self.dup = dup
            self.packetID = packetID
        }
    }

    /// The control packet type numbers of §2.2.1.
    enum PacketType: UInt8 {
        case connect = 1, connAck, publish, pubAck, pubRec, pubRel, pubComp, subscribe, subAck, unsubscribe, unsubAck,
             pingReq, pingResp, disconnect
    }
}
