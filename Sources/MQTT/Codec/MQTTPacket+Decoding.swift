extension MQTTPacket {
    /// The packet whose fixed header starts with `firstByte` and whose variable header and
    /// payload are `body` (everything the remaining length counts).
    public static func decode(firstByte: UInt8, body: ArraySlice<UInt8>) throws(MQTTError) -> MQTTPacket {
        let flags = firstByte & 0x0F
        guard let type = PacketType(rawValue: firstByte >> 4) else {
            throw MQTTError(.malformed, "packet type \(firstByte >> 4) is reserved")
        }
        var reader = ByteReader(body)
        let packet: MQTTPacket
        switch type {
        case .connect:
            try requireFlags(flags, 0, type)
            packet = .connect(try decodeConnect(&reader))
        case .connAck:
            try requireFlags(flags, 0, type)
            let acknowledge = try reader.byte()
            guard acknowledge & 0xFE == 0 else { throw MQTTError(.malformed, "CONNACK's reserved bits are set") }
            let code = try reader.byte()
            guard let returnCode = ConnectReturnCode(rawValue: code) else {
                throw MQTTError(.malformed, "CONNACK return code \(code) is reserved")
            }
            guard acknowledge == 0 || returnCode == .accepted else {
                throw MQTTError(.malformed, "a refusing CONNACK has the session-present flag")
            }
            packet = .connAck(ConnAck(sessionPresent: acknowledge == 1, returnCode: returnCode))
        case .publish:
            packet = .publish(try decodePublish(flags: flags, &reader))
        case .pubAck:
            try requireFlags(flags, 0, type)
            packet = .pubAck(packetID: try reader.packetID())
        case .pingReq:
            try requireFlags(flags, 0, type)
            packet = .pingReq
        case .pingResp:
            try requireFlags(flags, 0, type)
            packet = .pingResp
        case .disconnect:
            try requireFlags(flags, 0, type)
            packet = .disconnect
        case .pubRec, .pubRel, .pubComp, .subscribe, .subAck, .unsubscribe, .unsubAck:
            throw MQTTError(.unsupported, "packet type \(type.rawValue) (QoS 2 or subscriptions) is not supported")
        }
        guard reader.isAtEnd else {
            throw MQTTError(.malformed, "packet type \(type.rawValue) is longer than its fields")
        }
        return packet
    }

    private static func requireFlags(_ flags: UInt8, _ expected: UInt8, _ type: PacketType) throws(MQTTError) {
        guard flags == expected else {
            throw MQTTError(.malformed, "packet type \(type.rawValue) has reserved header flags \(flags)")
        }
    }

    private static func decodeConnect(_ reader: inout ByteReader) throws(MQTTError) -> Connect {
        guard try reader.binary() == Array("MQTT".utf8) else {
            throw MQTTError(.malformed, "CONNECT's protocol name is not MQTT")
        }
        let level = try reader.byte()
        guard level == 4 else {
            throw MQTTError(.unsupported, "protocol level \(level) is not MQTT 3.1.1 (4)")
        }
        let flags = try reader.byte()
        guard flags & 0x01 == 0 else { throw MQTTError(.malformed, "CONNECT's reserved flag is set") }
        let hasWill = flags & 0x04 != 0
        let willQoSBits = (flags >> 3) & 0x03
        let willRetain = flags & 0x20 != 0
        let hasUserName = flags & 0x80 != 0
        let hasPassword = flags & 0x40 != 0
        guard hasWill || (willQoSBits == 0 && !willRetain) else {
            throw MQTTError(.malformed, "CONNECT has will QoS or retain without a will")
        }
        guard willQoSBits != 3 else { throw MQTTError(.malformed, "will QoS 3 does not exist") }
        guard hasUserName || !hasPassword else {
            throw MQTTError(.malformed, "CONNECT has a password without a user name")
        }
        let keepAlive = try reader.uint16()
        var connect = Connect(clientID: try reader.string(), cleanSession: flags & 0x02 != 0, keepAlive: keepAlive)
        if hasWill {
            guard let qos = QoS(rawValue: willQoSBits) else {
                throw MQTTError(.unsupported, "a will with QoS 2 is not supported")
            }
            let topic = try reader.string()
            try validateTopicNameDecoded(topic)
            connect.will = Will(topic: topic, payload: try reader.binary(), retain: willRetain, qos: qos)
        }
        if hasUserName { connect.userName = try reader.string() }
        if hasPassword { connect.password = try reader.binary() }
        return connect
    }

    private static func decodePublish(flags: UInt8, _ reader: inout ByteReader) throws(MQTTError) -> Publish {
        let qosBits = (flags >> 1) & 0x03
        guard qosBits != 3 else { throw MQTTError(.malformed, "PUBLISH with QoS 3") }
        guard let qos = QoS(rawValue: qosBits) else {
            throw MQTTError(.unsupported, "PUBLISH with QoS 2 is not supported")
        }
        let dup = flags & 0x08 != 0
        guard qos != .atMostOnce || !dup else { throw MQTTError(.malformed, "a QoS 0 PUBLISH has the DUP flag") }
        let topic = try reader.string()
        try validateTopicNameDecoded(topic)
        let packetID = qos == .atMostOnce ? nil : try reader.packetID()
        return Publish(topic: topic, payload: reader.rest(), qos: qos, retain: flags & 0x01 != 0, dup: dup, packetID: packetID)
    }

    private static func validateTopicNameDecoded(_ topic: String) throws(MQTTError) {
        do {
            try validateTopicName(topic)
        } catch {
            throw MQTTError(.malformed, "a topic name is empty or has a wildcard")
        }
    }
}

/// Reads the fields of one packet's body, failing as malformed when a field overruns it.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private var index: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    var isAtEnd: Bool { index == bytes.endIndex }

    mutating func byte() throws(MQTTError) -> UInt8 {
        guard index < bytes.endIndex else { throw MQTTError(.malformed, "the packet ends inside a field") }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func uint16() throws(MQTTError) -> UInt16 {
        UInt16(try byte()) << 8 | UInt16(try byte())
    }

    mutating func packetID() throws(MQTTError) -> UInt16 {
        let id = try uint16()
        guard id != 0 else { throw MQTTError(.malformed, "packet identifier 0") }
        return id
    }

    /// Two length bytes, then that many bytes.
    mutating func binary() throws(MQTTError) -> [UInt8] {
        let count = Int(try uint16())
        guard bytes.endIndex - index >= count else { throw MQTTError(.malformed, "a field's length overruns the packet") }
        defer { index += count }
        return Array(bytes[index..<index + count])
    }

    /// A UTF-8 string field, which must be valid UTF-8 without U+0000 (§1.5.3).
    mutating func string() throws(MQTTError) -> String {
        let raw = try binary()
        guard !raw.contains(0), let text = String(validating: raw, as: UTF8.self) else {
            throw MQTTError(.malformed, "a string field is not valid UTF-8 or contains U+0000")
        }
        return text
    }

    /// Everything left (a PUBLISH payload).
    mutating func rest() -> [UInt8] {
        defer { index = bytes.endIndex }
        return Array(bytes[index...])
    }
}
