import MQTT
import Testing

/// Each packet encoded and decoded back, CONNECT's bytes checked field by field, and the
/// malformed inputs the decoder must refuse.
@Suite struct PacketCodecTests {
    static func string(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
    }

    static func decodeWhole(_ bytes: [UInt8]) throws -> MQTTPacket {
        var decoder = MQTTPacketDecoder()
        decoder.append(bytes)
        let packet = try #require(try decoder.next())
        #expect(decoder.bufferedByteCount == 0)
        return packet
    }

    static let samples: [MQTTPacket] = [
        .connect(.init(clientID: "healthd")),
        .connect(.init(clientID: "", cleanSession: true, keepAlive: 0)),
        .connect(.init(clientID: "c1", cleanSession: false, keepAlive: 65_535,
                       will: .init(topic: "healthd/status", payload: Array("offline".utf8), retain: true, qos: .atLeastOnce),
                       userName: "ü-user", password: [0, 1, 2, 255])),
        .connect(.init(clientID: "c2", will: .init(topic: "w", payload: [], retain: false, qos: .atMostOnce), userName: "only-user")),
        .connAck(.init(sessionPresent: false, returnCode: .accepted)),
        .connAck(.init(sessionPresent: true, returnCode: .accepted)),
        .connAck(.init(sessionPresent: false, returnCode: .notAuthorized)),
        .connAck(.init(sessionPresent: false, returnCode: .badUserNameOrPassword)),
        .publish(.init(topic: "a/b", payload: Array("42".utf8))),
        .publish(.init(topic: "a/b", payload: [], qos: .atMostOnce, retain: true)),
        .publish(.init(topic: "homeassistant/sensor/x/config", payload: [UInt8](repeating: 7, count: 300), qos: .atLeastOnce,
                       retain: true, dup: false, packetID: 1)),
        .publish(.init(topic: "t", payload: [1], qos: .atLeastOnce, retain: false, dup: true, packetID: 65_535)),
        .pubAck(packetID: 1),
        .pubAck(packetID: 0xBEEF),
        .pingReq,
        .pingResp,
        .disconnect,
    ]

    @Test func everyPacketRoundTrips() throws {
        for packet in Self.samples {
            #expect(try Self.decodeWhole(packet.encoded()) == packet, "\(packet)")
        }
    }

    @Test func fixedBytesOfTheSmallPackets() throws {
        #expect(try MQTTPacket.pingReq.encoded() == [0xC0, 0x00])
        #expect(try MQTTPacket.pingResp.encoded() == [0xD0, 0x00])
        #expect(try MQTTPacket.disconnect.encoded() == [0xE0, 0x00])
        #expect(try MQTTPacket.pubAck(packetID: 0x1234).encoded() == [0x40, 0x02, 0x12, 0x34])
        #expect(try MQTTPacket.connAck(.init(sessionPresent: true, returnCode: .accepted)).encoded() == [0x20, 0x02, 0x01, 0x00])
        #expect(try MQTTPacket.connAck(.init(sessionPresent: false, returnCode: .serverUnavailable)).encoded() == [0x20, 0x02, 0x00, 0x03])
        // PUBLISH QoS 1, DUP, retain: flags 1011.
        #expect(try MQTTPacket.publish(.init(topic: "t", payload: [9], qos: .atLeastOnce, retain: true, dup: true, packetID: 5)).encoded()
                == [0x3B, 0x06, 0x00, 0x01, UInt8(ascii: "t"), 0x00, 0x05, 0x09])
    }

    /// The last will travels in CONNECT: flags (will, will QoS 1, will retain, user,
    /// password, clean session) and the will topic and message in the payload, in order.
    @Test func lastWillBytesInConnect() throws {
        let connect = MQTTPacket.connect(.init(
            clientID: "healthd", cleanSession: true, keepAlive: 60,
            will: .init(topic: "healthd/status", payload: Array("offline".utf8), retain: true, qos: .atLeastOnce),
            userName: "u", password: Array("p".utf8)))
        var body: [UInt8] = Self.string("MQTT") + [0x04]
        // 1000_0000 user | 0100_0000 password | 0010_0000 will retain | 0000_1000 will QoS 1
        // | 0000_0100 will | 0000_0010 clean session
        body += [0xEE, 0x00, 0x3C]
        body += Self.string("healthd") + Self.string("healthd/status") + Self.string("offline") + Self.string("u") + Self.string("p")
        #expect(body.count == 50)
        #expect(try connect.encoded() == [0x10, 0x32] + body)

        let noWill = try MQTTPacket.connect(.init(clientID: "x", cleanSession: false, keepAlive: 10)).encoded()
        #expect(noWill == [0x10, 0x0D] + Self.string("MQTT") + [0x04, 0x00, 0x00, 0x0A] + Self.string("x"))
    }

    @Test func encodingRefusesWhatTheProtocolCannotCarry() {
        let bad: [MQTTPacket] = [
            .publish(.init(topic: "a/+/b", payload: [])),
            .publish(.init(topic: "a/#", payload: [])),
            .publish(.init(topic: "", payload: [])),
            .publish(.init(topic: "a", payload: [], qos: .atLeastOnce, packetID: nil)),
            .publish(.init(topic: "a", payload: [], qos: .atLeastOnce, packetID: 0)),
            .publish(.init(topic: "a", payload: [], qos: .atMostOnce, packetID: 3)),
            .publish(.init(topic: "a", payload: [], qos: .atMostOnce, dup: true)),
            .publish(.init(topic: "a\u{0}b", payload: [])),
            .publish(.init(topic: String(repeating: "x", count: 65_536), payload: [])),
            .pubAck(packetID: 0),
            .connect(.init(clientID: "c", password: [1])),
            .connect(.init(clientID: "", cleanSession: false)),
            .connect(.init(clientID: "c", will: .init(topic: "w/#", payload: [], retain: false, qos: .atMostOnce))),
            .connAck(.init(sessionPresent: true, returnCode: .notAuthorized)),
        ]
        for packet in bad {
            #expect(throws: MQTTError.self, "\(packet)") { try packet.encoded() }
        }
    }

    @Test func decodingRefusesMalformedAndUnsupportedPackets() {
        let cases: [([UInt8], MQTTError.Kind)] = [
            ([0x00, 0x00], .malformed),                                   // type 0 is reserved
            ([0xF0, 0x00], .malformed),                                   // type 15 is reserved
            ([0x41, 0x02, 0x00, 0x01], .malformed),                       // PUBACK with flags
            ([0x40, 0x02, 0x00, 0x00], .malformed),                       // packet id 0
            ([0x40, 0x03, 0x00, 0x01, 0x00], .malformed),                 // trailing byte
            ([0x40, 0x01, 0x00], .malformed),                             // truncated field
            ([0xC0, 0x01, 0x00], .malformed),                             // PINGREQ with a body
            ([0x20, 0x02, 0x00, 0x06], .malformed),                       // reserved return code
            ([0x20, 0x02, 0x02, 0x00], .malformed),                       // reserved acknowledge bit
            ([0x20, 0x02, 0x01, 0x05], .malformed),                       // refusal with session present
            ([0x36, 0x05] + Self.string("t") + [0x00, 0x01], .malformed),      // QoS 3
            ([0x38, 0x03] + Self.string("t"), .malformed),                     // QoS 0 with DUP
            ([0x30, 0x03] + Self.string("+"), .malformed),                     // wildcard topic
            ([0x30, 0x02] + Self.string(""), .malformed),                      // empty topic
            ([0x30, 0x04, 0x00, 0x02, 0xC3, 0x28], .malformed),           // invalid UTF-8
            ([0x30, 0x04, 0x00, 0x02, 0x61, 0x00], .malformed),           // U+0000
            ([0x30, 0x04, 0x00, 0x09, 0x61, 0x62], .malformed),           // string overruns
            ([0x34, 0x05] + Self.string("t") + [0x00, 0x01], .unsupported),    // QoS 2
            ([0x82, 0x06, 0x00, 0x01] + Self.string("t") + [0x00], .unsupported), // SUBSCRIBE
            ([0x50, 0x02, 0x00, 0x01], .unsupported),                     // PUBREC
            (Self.connect(level: 3, flags: 0x02), .unsupported),
            (Self.connect(level: 4, flags: 0x03), .malformed),                 // reserved flag
            (Self.connect(level: 4, flags: 0x42), .malformed),                 // password without user
            (Self.connect(level: 4, flags: 0x22), .malformed),                 // will retain without will
            (Self.connect(level: 4, flags: 0x1E), .malformed),                 // will QoS 3
        ]
        for (bytes, kind) in cases {
            do {
                let packet = try Self.decodeWhole(bytes)
                Issue.record("decoded \(bytes) as \(packet)")
            } catch let error as MQTTError {
                #expect(error.kind == kind, "\(bytes): \(error.message)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    static func connect(level: UInt8, flags: UInt8) -> [UInt8] {
        let body = string("MQTT") + [level, flags, 0x00, 0x3C] + string("c")
        return [0x10, UInt8(body.count)] + body
    }
}
