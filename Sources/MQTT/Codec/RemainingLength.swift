/// The Remaining Length of the fixed header (MQTT 3.1.1 §2.2.3): a variable-byte integer of
/// one to four bytes, seven bits each, least significant first, the high bit meaning
/// "another byte follows".
public enum RemainingLength {
    /// The largest value four bytes hold: 268,435,455 (0xFF 0xFF 0xFF 0x7F).
    public static let maximum = 268_435_455

    /// The encoding of `value`, which must be within 0…``maximum``.
    public static func encode(_ value: Int) throws(MQTTError) -> [UInt8] {
        guard value >= 0, value <= maximum else {
            throw MQTTError(.packetTooLarge, "a remaining length of \(value) is outside 0…\(maximum)")
        }
        var bytes: [UInt8] = []
        var rest = value
        repeat {
            var byte = UInt8(rest % 128)
            rest /= 128
            if rest > 0 { byte |= 0x80 }
            bytes.append(byte)
        } while rest > 0
        return bytes
    }

    /// Decodes a remaining length from the start of `bytes`: the value and how many bytes it
    /// took, or nil when `bytes` ends before the last byte of the field. A fourth byte with
    /// its continuation bit set announces a fifth, which the protocol forbids: malformed.
    public static func decode(_ bytes: some Collection<UInt8>) throws(MQTTError) -> (value: Int, byteCount: Int)? {
        var value = 0
        var multiplier = 1
        var count = 0
        for byte in bytes {
            value += Int(byte & 0x7F) * multiplier
            count += 1
            if byte & 0x80 == 0 { return (value, count) }
            guard count < 4 else {
                throw MQTTError(.malformed, "the remaining length runs past four bytes")
            }
            multiplier *= 128
        }
        return nil
    }
}
