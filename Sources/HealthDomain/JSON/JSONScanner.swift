/// The recursive-descent engine behind `JSONParser`: one instance per document.
///
/// It reads straight from the caller's buffer and builds `JSONValue`s as it goes.
/// Object members are collected on a shared stack and turned into a dictionary of
/// exactly the right capacity once the closing brace is seen, which avoids rehashing
/// while an object grows.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0
    var depth = 0
    /// Keys of the objects currently open, innermost last.
    var keyStack: [String] = []
    /// Byte offsets of those keys, for duplicate-key errors.
    var keyOffsetStack: [Int] = []
    /// Values of the objects currently open, parallel to `keyStack`.
    var valueStack: [JSONValue] = []
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// RFC 8259 §2: `JSON-text = ws value ws`.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw failure("byte order mark is not allowed", at: 0)
        }
        skipWhitespace()
        if isAtEnd {
            throw failure(bytes.isEmpty ? "empty input" : "input contains only whitespace", at: position)
        }
        let value = try parseValue()
        skipWhitespace()
        if !isAtEnd {
            throw failure("trailing characters after the JSON value", at: position)
        }
        return value
    }

    /// RFC 8259 §2: whitespace is exactly space, tab, line feed and carriage return.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else { throw endOfInput() }
        switch bytes[position] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: throw unexpectedByte(at: position)
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for expected in text {
            guard position < bytes.count else { throw endOfInput() }
            guard bytes[position] == expected else { throw unexpectedByte(at: position) }
            position += 1
        }
    }

    /// Enters one level of nesting, refusing to go deeper than `maxDepth`.
    @inline(__always)
    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth {
            throw failure("nesting deeper than \(maxDepth) levels", at: position)
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        skipWhitespace()
        var elements: [JSONValue] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw endOfInput() }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    throw failure("trailing comma before ']'", at: position)
                }
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            default:
                throw failure("expected ',' or ']' after an array element but found \(describeByte(at: position))", at: position)
            }
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object([:])
        }
        let base = keyStack.count
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw endOfInput() }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expected a string key but found \(describeByte(at: position))", at: position)
            }
            let keyOffset = position
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count else { throw endOfInput() }
            guard bytes[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after an object key but found \(describeByte(at: position))", at: position)
            }
            position += 1
            let value = try parseValue()
            keyStack.append(key)
            keyOffsetStack.append(keyOffset)
            valueStack.append(value)
            skipWhitespace()
            guard position < bytes.count else { throw endOfInput() }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    throw failure("trailing comma before '}'", at: position)
                }
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(try popMembers(from: base))
            default:
                throw failure("expected ',' or '}' after an object member but found \(describeByte(at: position))", at: position)
            }
        }
    }

    /// Moves the members collected since `base` into a dictionary, rejecting repeated keys.
    mutating func popMembers(from base: Int) throws(JSONParseError) -> [String: JSONValue] {
        let end = keyStack.count
        var members = [String: JSONValue](minimumCapacity: end - base)
        for index in base..<end {
            let key = keyStack[index]
            if members.updateValue(valueStack[index], forKey: key) != nil {
                throw failure("duplicate key \(JSONWriter.quoted(key, limit: 64)) in object", at: keyOffsetStack[index])
            }
        }
        keyStack.removeSubrange(base..<end)
        keyOffsetStack.removeSubrange(base..<end)
        valueStack.removeSubrange(base..<end)
        return members
    }
}
