/// Splits a byte stream into packets, whatever the reads' boundaries: bytes may arrive one
/// at a time or several packets at once. Feed it with ``append(_:)`` and take packets with
/// ``next()`` until it returns nil. After it throws, the stream is beyond repair: the
/// protocol says to close the connection.
public struct MQTTPacketDecoder: Sendable {
    /// The largest packet (fixed header included) accepted; a longer one throws
    /// ``MQTTError/Kind/packetTooLarge`` as soon as its length is known, before its bytes arrive.
    public let maximumPacketSize: Int
    private var buffer: [UInt8] = []
    /// Where the next packet starts in `buffer`; consumed bytes are dropped in batches.
    private var start = 0

    /// A decoder refusing packets over `maximumPacketSize` bytes (1 MiB by default: a
    /// client receives acknowledgements, not bulk data).
    public init(maximumPacketSize: Int = 1 << 20) {
        self.maximumPacketSize = maximumPacketSize
    }

    /// Bytes received and not yet returned as packets.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete packet, or nil until more bytes arrive.
    public mutating func next() throws(MQTTError) -> MQTTPacket? {
        let available = buffer[start...]
        guard available.count >= 2 else { return nil }
        guard let (length, lengthBytes) = try RemainingLength.decode(available.dropFirst()) else { return nil }
        let total = 1 + lengthBytes + length
        guard total <= maximumPacketSize else {
            throw MQTTError(.packetTooLarge, "a packet of \(total) bytes exceeds the limit of \(maximumPacketSize)")
        }
        guard available.count >= total else { return nil }
        let first = buffer[start]
        let bodyStart = start + 1 + lengthBytes
        let body = buffer[bodyStart..<start + total]
        start += total
        let packet = try MQTTPacket.decode(firstByte: first, body: body)
        compact()
        return packet
    }

    /// Drops consumed bytes once they are the larger part of the buffer, so a long-lived
    /// connection neither grows the buffer nor copies it per packet.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 4_096, start > buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }
}
