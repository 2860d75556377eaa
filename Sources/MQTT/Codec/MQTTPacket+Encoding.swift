extension MQTTPacket {
    /// The packet's bytes: fixed header, variable header and payload. Throws for values the
    /// protocol cannot carry, so a bad topic fails at the caller instead of at the broker
    /// (which would close the connection).
    public func encoded() throws(MQTTError) -> [UInt8] {
        var body: [UInt8] = []
        let header: UInt8
        switch self {
        case .connect(let connect):
            header = PacketType.connect.rawValue << 4
            try Self.encodeConnect(connect, into: &body)
        case .connAck(let ack):
            header = PacketType.connAck.rawValue << 4
            guard !ack.sessionPresent || ack.returnCode == .accepted else {
                throw MQTTError(.invalidArgument, "a refusing CONNACK cannot have the session-present flag")
            }
            body = [ack.sessionPresent ? 1 : 0, ack.returnCode.rawValue]
        case .publish(let publish):
            header = PacketType.publish.rawValue << 4 | (publish.dup ? 0x08 : 0) | publish.qos.rawValue << 1 | (publish.retain ? 0x01 : 0)
            try Self.encodePublish(publish, into: &body)
        case .pubAck(let packetID):
            header = PacketType.pubAck.rawValue << 4
            try Self.appendPacketID(packetID, to: &body)
        case .pingReq:
            header = PacketType.pingReq.rawValue << 4
        case .pingResp:
            header = PacketType.pingResp.rawValue << 4
        case .disconnect:
            header = PacketType.disconnect.rawValue << 4
        }
        return [header] + (try RemainingLength.encode(body.count)) + body
    }

    private static func encodeConnect(_ connect: Connect, into body: inout [UInt8]) throws(MQTTError) {
        appendBinary(Array("MQTT".utf8), to: &body)
        body.append(4)
        var flags: UInt8 = connect.cleanSession ? 0x02 : 0
        if let will = connect.will {
            try validateTopicName(will.topic)
            flags |= 0x04 | will.qos.rawValue << 3 | (will.retain ? 0x20 : 0)
        }
        if connect.userName != nil { flags |= 0x80 }
        if connect.password != nil {
            guard connect.userName != nil else {
                throw MQTTError(.invalidArgument, "MQTT 3.1.1 sends a password only together with a user name")
            }
            flags |= 0x40
        }
        guard !connect.clientID.isEmpty || connect.cleanSession else {
            throw MQTTError(.invalidArgument, "an empty client identifier needs a clean session")
        }
        body.append(flags)
        body.append(UInt8(connect.keepAlive >> 8))
        body.append(UInt8(connect.keepAlive & 0xFF))
        try appendString(connect.clientID, to: &body)
        if let will = connect.will {
            try appendString(will.topic, to: &body)
            try appendBinaryChecked(will.payload, to: &body, what: "will message")
        }
        if let userName = connect.userName { try appendString(userName, to: &body) }
        if let password = connect.password { try appendBinaryChecked(password, to: &body, what: "password") }
    }

    private static func encodePublish(_ publish: Publish, into body: inout [UInt8]) throws(MQTTError) {
        try validateTopicName(publish.topic)
        try appendString(publish.topic, to: &body)
        switch publish.qos {
        case .atMostOnce:
            guard publish.packetID == nil, !publish.dup else {
                throw MQTTError(.invalidArgument, "a QoS 0 PUBLISH has neither a packet identifier nor the DUP flag")
            }
        case .atLeastOnce:
            guard let packetID = publish.packetID else {
                throw MQTTError(.invalidArgument, "a QoS 1 PUBLISH needs a packet identifier")
            }
            try appendPacketID(packetID, to: &body)
        }
        body.append(contentsOf: publish.payload)
    }

    /// A topic name a PUBLISH may carry: not empty, no wildcards, a valid string (§4.7.3).
    static func validateTopicName(_ topic: String) throws(MQTTError) {
        guard !topic.isEmpty, !topic.utf8.contains(UInt8(ascii: "+")), !topic.utf8.contains(UInt8(ascii: "#")) else {
            throw MQTTError(.invalidArgument, "a topic name is not empty and has no + or # wildcard")
        }
    }

    private static func appendPacketID(_ packetID: UInt16, to body: inout [UInt8]) throws(MQTTError) {
        guard packetID != 0 else { throw MQTTError(.invalidArgument, "packet identifier 0 is reserved") }
        body.append(UInt8(packetID >> 8))
        body.append(UInt8(packetID & 0xFF))
    }

    /// A UTF-8 string field: two length bytes, then the text, which must not contain U+0000.
    private static func appendString(_ text: String, to body: inout [UInt8]) throws(MQTTError) {
        guard !text.utf8.contains(0) else {
            throw MQTTError(.invalidArgument, "MQTT strings cannot contain U+0000")
        }
        try appendBinaryChecked(Array(text.utf8), to: &body, what: "string")
    }

    private static func appendBinaryChecked(_ bytes: [UInt8], to body: inout [UInt8], what: String) throws(MQTTError) {
        guard bytes.count <= Int(UInt16.max) else {
            throw MQTTError(.invalidArgument, "a \(what) field holds at most 65,535 bytes")
        }
        appendBinary(bytes, to: &body)
    }

    private static func appendBinary(_ bytes: [UInt8], to body: inout [UInt8]) {
        body.append(UInt8(bytes.count >> 8))
        body.append(UInt8(bytes.count & 0xFF))
        body.append(contentsOf: bytes)
    }
}
