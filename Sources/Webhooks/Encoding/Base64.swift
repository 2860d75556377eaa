/// Base64 with the standard alphabet and `=` padding (RFC 4648 §4), the form Standard
/// Webhooks uses for secrets and signatures.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The 6-bit value of each alphabet byte, 0xFF for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The padded encoding of `bytes`.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let n = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(alphabet[Int(n & 63)])
            index += 3
        }
        switch input.count - index {
        case 1:
            let n = UInt32(input[index]) << 16
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(contentsOf: "==".utf8)
        case 2:
            let n = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(UInt8(ascii: "="))
        default:
            break
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil unless it is padded base64 of the standard alphabet
    /// with nothing else in it (no whitespace, no URL-safe characters, no missing padding).
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            let padding = isLast ? (input[index + 3] == UInt8(ascii: "=") ? (input[index + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var n: UInt32 = 0
            for offset in 0..<(4 - padding) {
                let value = values[Int(input[index + offset])]
                guard value != 0xFF else { return nil }
                n |= UInt32(value) << UInt32(18 - 6 * offset)
            }
            out.append(UInt8(truncatingIfNeeded: n >> 16))
            if padding < 2 { out.append(UInt8(truncatingIfNeeded: n >> 8)) }
            if padding < 1 { out.append(UInt8(truncatingIfNeeded: n)) }
            index += 4
        }
        return out
    }
}
