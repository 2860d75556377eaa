import MQTT
import Testing

/// The variable-byte Remaining Length (MQTT 3.1.1 §2.2.3) at every size boundary.
@Suite struct RemainingLengthTests {
    static let table: [(Int, [UInt8])] = [
        (0, [0x00]),
        (127, [0x7F]),
        (128, [0x80, 0x01]),
        (16_383, [0xFF, 0x7F]),
        (16_384, [0x80, 0x80, 0x01]),
        (2_097_151, [0xFF, 0xFF, 0x7F]),
        (2_097_152, [0x80, 0x80, 0x80, 0x01]),
        (268_435_455, [0xFF, 0xFF, 0xFF, 0x7F]),
    ]

    @Test func specificationTable() throws {
        for (value, bytes) in Self.table {
            #expect(try RemainingLength.encode(value) == bytes, "\(value)")
            let decoded = try #require(try RemainingLength.decode(bytes + [0xAA, 0xBB]))
            #expect(decoded.value == value && decoded.byteCount == bytes.count, "\(value)")
        }
    }

    /// The field in a real packet: a QoS 0 PUBLISH to `t` has 3 + payload bytes after its
    /// fixed header, so these payloads put its length on each side of the 1- and 2-byte limits.
    @Test func aPublishCarriesItsLengthInTheFixedHeader() throws {
        for (payloadCount, header) in [(124, [0x30, 0x7F]), (125, [0x30, 0x80, 0x01]), (16_380, [0x30, 0xFF, 0x7F]),
                                       (16_381, [0x30, 0x80, 0x80, 0x01])] as [(Int, [UInt8])] {
            let packet = MQTTPacket.publish(.init(topic: "t", payload: [UInt8](repeating: 0x41, count: payloadCount), qos: .atMostOnce))
            let bytes = try packet.encoded()
            #expect(Array(bytes.prefix(header.count)) == header, "\(payloadCount)")
            #expect(bytes.count == header.count + 3 + payloadCount)
            var decoder = MQTTPacketDecoder()
            decoder.append(bytes)
            #expect(try decoder.next() == packet)
        }
    }

    @Test func valuesOutsideTheRangeAreRefused() {
        for value in [268_435_456, -1, Int.max] {
            #expect(throws: MQTTError.self) { try RemainingLength.encode(value) }
        }
    }

    @Test func aFifthByteIsMalformed() {
        for bytes: [UInt8] in [[0xFF, 0xFF, 0xFF, 0xFF, 0x7F], [0x80, 0x80, 0x80, 0x80, 0x01], [0x80, 0x80, 0x80, 0x80]] {
            do {
                _ = try RemainingLength.decode(bytes)
                Issue.record("decoded \(bytes)")
            } catch {
                #expect(error.kind == .malformed)
            }
        }
    }

    @Test func anUnfinishedFieldAsksForMore() throws {
        #expect(try RemainingLength.decode([UInt8]()) == nil)
        #expect(try RemainingLength.decode([0x80]) == nil)
        #expect(try RemainingLength.decode([0xFF, 0xFF, 0xFF]) == nil)
    }
}
