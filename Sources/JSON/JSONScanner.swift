/// The recursive-descent engine behind `JSONParser`: one instance per document.
///
/// It reads straight from the caller's buffer and builds `JSONValue`s as it goes.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0
    var depth = 0
    /// Member count of the last object closed at each depth (see `objectSizeHint`).
    var objectSizeHints: [Int]
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []
    /// The key cache (see `parseKey`): one string per slot, its bytes and its length.
    var keyCacheStrings: [String] = []
    var keyCacheBytes: [UInt8] = []
    var keyCacheLengths: [Int] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.objectSizeHints = Array(repeating: 0, count: min(max(maxDepth, 0), 64) + 1)
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
            if try closesContainer(with: UInt8(ascii: "]"), after: "an array element") { return .array(elements) }
        }
    }

    /// After an element: consumes a `,` (refusing a trailing one before `closer`) and
    /// returns false, or consumes `closer`, leaves the container and returns true.
    private mutating func closesContainer(with closer: UInt8, after element: String) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw endOfInput() }
        switch bytes[position] {
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == closer {
                throw failure("trailing comma before '\(Character(Unicode.Scalar(closer)))'", at: position)
            }
            return false
        case closer:
            position += 1
            depth -= 1
            return true
        default:
            throw failure("expected ',' or '\(Character(Unicode.Scalar(closer)))' after \(element) but found \(describeByte(at: position))", at: position)
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
        var members = [String: JSONValue](minimumCapacity: objectSizeHint())
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw endOfInput() }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expected a string key but found \(describeByte(at: position))", at: position)
            }
            let keyOffset = position
            let key = try parseKey()
            skipWhitespace()
            guard position < bytes.count else { throw endOfInput() }
            guard bytes[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after an object key but found \(describeByte(at: position))", at: position)
            }
            position += 1
            if members.updateValue(try parseValue(), forKey: key) != nil {
                throw failure("duplicate key \(JSONWriter.quoted(key, limit: 64)) in object", at: keyOffset)
            }
            if try closesContainer(with: UInt8(ascii: "}"), after: "an object member") {
                rememberObjectSize(members.count)
                return .object(members)
            }
        }
    }

    /// Objects at the same depth of one document usually have the same members (the
    /// samples of a batch), so the size of the previous one is a good capacity guess that
    /// spares the dictionary its rehashing as it grows.
    @inline(__always)
    func objectSizeHint() -> Int {
        depth < objectSizeHints.count ? objectSizeHints[depth] : 0
    }

    @inline(__always)
    mutating func rememberObjectSize(_ size: Int) {
        if depth < objectSizeHints.count { objectSizeHints[depth] = size }
    }
}
