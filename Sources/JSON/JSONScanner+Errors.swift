extension JSONScanner {
    /// An error whose message ends with the offset, so clients see where to look.
    func failure(_ problem: String, at offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, message: "\(problem) at byte \(offset)")
    }

    func endOfInput() -> JSONParseError {
        failure("unexpected end of input", at: bytes.count)
    }

    func unexpectedByte(at offset: Int) -> JSONParseError {
        let byte = bytes[offset]
        if byte >= 0x21, byte <= 0x7E {
            return failure("unexpected character \(describeByte(at: offset))", at: offset)
        }
        return failure("unexpected \(describeByte(at: offset))", at: offset)
    }

    /// `'x'` for printable ASCII, `byte 0xFF` otherwise: raw bytes may be invisible or
    /// not text at all, and the message must stay readable.
    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte >= 0x21, byte <= 0x7E {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(hex(byte))"
    }

    func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
