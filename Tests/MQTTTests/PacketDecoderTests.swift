import MQTT
import Testing

/// The stream decoder: packets come out whole whatever the read boundaries.
@Suite struct PacketDecoderTests {
    static let packets: [MQTTPacket] = [
        .connect(.init(clientID: "healthd", keepAlive: 30,
                       will: .init(topic: "healthd/status", payload: Array("offline".utf8), retain: true, qos: .atLeastOnce))),
        .connAck(.init(sessionPresent: false, returnCode: .accepted)),
        .publish(.init(topic: "healthd/steps", payload: Array("8123".utf8), qos: .atLeastOnce, retain: true, packetID: 1)),
        .pubAck(packetID: 1),
        .pingReq,
        .pingResp,
        // Two remaining-length bytes.
        .publish(.init(topic: "big", payload: (0..<300).map { UInt8($0 % 251) })),
        .disconnect,
    ]

    static func stream(_ packets: [MQTTPacket]) throws -> [UInt8] {
        try packets.flatMap { try $0.encoded() }
    }

    /// Feeds `bytes` in the given chunk sizes, taking packets after each chunk.
    static func decode(_ bytes: [UInt8], chunks: [Int]) throws -> [MQTTPacket] {
        var decoder = MQTTPacketDecoder()
        var out: [MQTTPacket] = []
        var offset = 0
        var index = 0
        while offset < bytes.count {
            let size = max(1, chunks[index % chunks.count])
            let end = min(bytes.count, offset + size)
            decoder.append(bytes[offset..<end])
            while let packet = try decoder.next() { out.append(packet) }
            offset = end
            index += 1
        }
        #expect(decoder.bufferedByteCount == 0)
        return out
    }

    @Test func splitAtEveryPosition() throws {
        let bytes = try Self.stream(Self.packets)
        for split in 1..<bytes.count {
            #expect(try Self.decode(bytes, chunks: [split, bytes.count]) == Self.packets, "split at \(split)")
        }
    }

    @Test func oneByteAtATime() throws {
        let bytes = try Self.stream(Self.packets)
        #expect(try Self.decode(bytes, chunks: [1]) == Self.packets)
    }

    @Test func everythingInOneRead() throws {
        let bytes = try Self.stream(Self.packets)
        #expect(try Self.decode(bytes, chunks: [bytes.count]) == Self.packets)
    }

    /// Many packets, one with a three-byte remaining length, in pseudo-random chunks.
    @Test func randomChunksOverALongStream() throws {
        var packets: [MQTTPacket] = []
        for index in 0..<200 {
            packets.append(.publish(.init(topic: "t/\(index)", payload: [UInt8](repeating: UInt8(index % 256), count: index * 3),
                                          qos: .atLeastOnce, packetID: UInt16(index + 1))))
            packets.append(.pubAck(packetID: UInt16(index + 1)))
        }
        packets.append(.publish(.init(topic: "huge", payload: [UInt8](repeating: 1, count: 20_000))))
        let bytes = try Self.stream(packets)
        var state: UInt64 = 12_345
        let chunks = (0..<64).map { _ -> Int in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % 700 + 1
        }
        #expect(try Self.decode(bytes, chunks: chunks) == packets)
    }

    @Test func aPacketOverTheLimitIsRefusedBeforeItArrives() throws {
        var decoder = MQTTPacketDecoder(maximumPacketSize: 1_000)
        // Only the fixed header of a 5,000-byte PUBLISH.
        decoder.append([0x30] + (try RemainingLength.encode(5_000)))
        do {
            _ = try decoder.next()
            Issue.record("accepted an oversized packet")
        } catch {
            #expect(error.kind == .packetTooLarge)
        }
    }

    /// Damaged streams (bytes flipped, cut short, spliced) never crash the decoder, and what
    /// it returns (packets, then an error or a wait for more) does not depend on how the
    /// bytes were split.
    @Test func damagedStreamsGiveTheSameOutcomeWholeOrSplit() throws {
        let valid = try Self.stream(Self.packets)
        var state: UInt64 = 2_024
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % max(bound, 1)
        }
        func outcome(_ bytes: [UInt8], piece: Int) -> String {
            var decoder = MQTTPacketDecoder(maximumPacketSize: 4_096)
            var packets: [MQTTPacket] = []
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + piece)
                decoder.append(bytes[offset..<end])
                offset = end
                do {
                    while let packet = try decoder.next() { packets.append(packet) }
                } catch {
                    return "\(packets) then \(error.kind)"
                }
            }
            return "\(packets) then waiting for \(decoder.bufferedByteCount) bytes"
        }
        for _ in 0..<1_000 {
            var bytes = valid
            for _ in 0..<(1 + next(4)) {
                switch next(3) {
                case 0: bytes[next(bytes.count)] = UInt8(truncatingIfNeeded: next(256))
                case 1: bytes.removeLast(next(min(bytes.count, 40)))
                default: bytes.insert(UInt8(truncatingIfNeeded: next(256)), at: next(bytes.count))
                }
                if bytes.isEmpty { bytes = [0x30] }
            }
            let whole = outcome(bytes, piece: bytes.count)
            #expect(outcome(bytes, piece: 1 + next(7)) == whole)
        }
    }
}
