extension JSONScanner {
    /// RFC 8259 §7: a string; `position` is on the opening quote.
    ///
    /// Strings without escapes (nearly all keys and values) become a `String` straight
    /// from the input bytes; only strings with escapes go through `scratch`.
    mutating func parseString() throws(JSONParseError) -> String {
        let open = position
        position += 1
        let contentStart = position
        skipPlainASCII()
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
                position += 1
                // Non-ASCII bytes were validated on the way, so decoding never repairs anything.
                return String(decoding: content, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(open: open, contentStart: contentStart)
            } else if byte < 0x20 {
                throw controlCharacter(at: position)
            } else if byte >= 0x80 {
                position = try validateUTF8Sequence(at: position)
            } else {
                position += 1
            }
        }
        throw failure("unterminated string", at: open)
    }

    /// Skips eight bytes at a time while none of them is a quote, a backslash, a control
    /// character or non-ASCII: most keys and values are plain ASCII, and this keeps the
    /// byte-by-byte checks for the few bytes that need them.
    @inline(__always)
    mutating func skipPlainASCII() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A byte is flagged when it is zero after the XOR (quote, backslash), below
            // 0x20 (control), or has its high bit set (non-ASCII).
            let special = ((quote &- ones) & ~quote)
                | ((backslash &- ones) & ~backslash)
                | (word &- ones &* 0x20)
                | word
            if special & highBits != 0 { return }
            position += 8
        }
    }

    /// The slow path: copies the string into `scratch`, decoding escapes.
    mutating func parseEscapedString(open: Int, contentStart: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte < 0x20 {
                throw controlCharacter(at: position)
            } else if byte >= 0x80 {
                let start = position
                position = try validateUTF8Sequence(at: position)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
            } else {
                scratch.append(byte)
                position += 1
            }
        }
        throw failure("unterminated string", at: open)
    }

    /// One escape sequence; `position` is on the backslash.
    mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else { throw failure("unterminated string", at: escapeStart) }
        let decoded: UInt8
        switch bytes[position] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            position += 1
            try parseUnicodeEscape(escapeStart: escapeStart)
            return
        default:
            throw failure("invalid escape sequence '\\\(describeEscapedByte(at: position))' in string", at: escapeStart)
        }
        scratch.append(decoded)
        position += 1
    }

    /// `\uXXXX`, possibly the first half of a surrogate pair (RFC 8259 §7): a lone or
    /// reversed surrogate cannot be represented in UTF-8 and is rejected.
    mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONParseError) {
        let unit = try parseHex4(escapeStart: escapeStart)
        var scalarValue = UInt32(unit)
        if (0xD800...0xDBFF).contains(unit) {
            guard position + 1 < bytes.count,
                  bytes[position] == UInt8(ascii: "\\"),
                  bytes[position + 1] == UInt8(ascii: "u")
            else {
                throw failure("lone surrogate \\u\(hex16(unit)) in string", at: escapeStart)
            }
            let lowStart = position
            position += 2
            let low = try parseHex4(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure("lone surrogate \\u\(hex16(unit)) in string", at: escapeStart)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw failure("lone surrogate \\u\(hex16(unit)) in string", at: escapeStart)
        }
        appendUTF8(scalarValue)
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw failure("unterminated string", at: escapeStart) }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape, expected 4 hex digits", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Validates one multi-byte UTF-8 sequence starting at `offset` (RFC 3629 §4: no
    /// overlong forms, no encoded surrogates, nothing above U+10FFFF, as RFC 8259 §8.1
    /// requires UTF-8) and returns the offset just past it.
    func validateUTF8Sequence(at offset: Int) throws(JSONParseError) -> Int {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw failure("invalid UTF-8", at: offset)
        }
        guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else {
            throw failure("invalid UTF-8", at: offset)
        }
        var index = offset + 2
        while index < offset + length {
            guard bytes[index] & 0xC0 == 0x80 else { throw failure("invalid UTF-8", at: offset) }
            index += 1
        }
        return offset + length
    }

    func controlCharacter(at offset: Int) -> JSONParseError {
        failure("unescaped control character 0x\(hex(bytes[offset])) in string", at: offset)
    }

    func describeEscapedByte(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x21, byte <= 0x7E { return String(Character(Unicode.Scalar(byte))) }
        return "<0x\(hex(byte))>"
    }

    func hex16(_ value: UInt16) -> String {
        hex(UInt8(value >> 8)).lowercased() + hex(UInt8(value & 0xFF)).lowercased()
    }
}
