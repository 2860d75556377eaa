extension JSONWriter {
    /// Writes `text` as a JSON string (RFC 8259 §7): `"` and `\` are escaped, control
    /// characters use the short escapes or `\u00XX`, and U+2028/U+2029 are escaped too
    /// so the output can be embedded in JavaScript source. `/` is left alone.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { writeString(utf8: $0, into: &output) }
    }

    static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let escape: StaticString?
            var width = 1
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x00..<0x20: escape = nil
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                width = 3
            default:
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            if let escape {
                output.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
            } else {
                let digits: StaticString = "0123456789abcdef"
                output.append(contentsOf: "\\u00".utf8)
                output.append(digits.utf8Start[Int(byte >> 4)])
                output.append(digits.utf8Start[Int(byte & 0x0F)])
            }
            index += width
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        output.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string literal, cut after `limit` characters: used to quote
    /// client-supplied keys in error messages without echoing megabytes back.
    static func quoted(_ text: String, limit: Int) -> String {
        var output: [UInt8] = []
        let shortened = text.count > limit ? String(text.prefix(limit)) + "…" : text
        writeString(shortened, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
