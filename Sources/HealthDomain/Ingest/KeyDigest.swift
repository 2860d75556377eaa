/// The two 64-bit FNV-1a hashes behind every derived key (``SampleKey/digest(_:)``),
/// fed field by field: each field's UTF-8 bytes, then a 0x1F separator, so that no two
/// field lists share bytes. Numbers and source names are hashed as their text would be
/// without building that text.
struct KeyDigest {
    private var low: UInt64 = 0xcbf2_9ce4_8422_2325
    private var high: UInt64 = 0x6c62_272e_07bb_0142

    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    @inline(__always)
    private mutating func add(byte: UInt8) {
        low = (low ^ UInt64(byte)) &* Self.prime
        high = (high ^ UInt64(byte)) &* Self.prime &+ 0x9e37_79b9
    }

    private mutating func endField() { add(byte: 0x1F) }

    /// One field: `text`'s UTF-8 bytes.
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { add(byte: byte) }
        }
        endField()
    }

    /// One field: `value` as `String(value)` spells it (decimal, `-` before a negative).
    mutating func add(decimal value: Int64) {
        if value < 0 { add(byte: UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // 20 digits hold any UInt64; written from the end, hashed from the first.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = 20
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            for index in first..<20 { add(byte: digits[index]) }
        }
        endField()
    }

    /// One field: `name` in ``SourceName/normalized(_:)`` form (curly apostrophes and
    /// primes as `'`, no-break spaces as a space), without building that string.
    mutating func addNormalizedSource(_ name: String) {
        SourceName.forEachNormalizedByte(of: name) { add(byte: $0) }
        endField()
    }

    /// `prefix` and 32 lowercase hex digits: the high hash, then the low one.
    func key(prefix: String) -> String {
        let prefixBytes = prefix.utf8.count
        return String(unsafeUninitializedCapacity: prefixBytes + 32) { out in
            var position = 0
            for byte in prefix.utf8 {
                out[position] = byte
                position += 1
            }
            func write(_ word: UInt64) {
                for shift in stride(from: 60, through: 0, by: -4) {
                    let nibble = UInt8((word >> UInt64(shift)) & 0xF)
                    out[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    position += 1
                }
            }
            write(high)
            write(low)
            return position
        }
    }
}
