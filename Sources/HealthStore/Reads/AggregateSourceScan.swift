/// Reads the source names of one stored aggregate's JSON in place, as
/// ``DayTable/sourcesSQL(_:)`` reads them with SQLite's JSON functions: for a night the
/// top-level `source`; for every other kind each element of the top-level `sources`
/// array, a string as it is, an object's `name` when its `counted` is above zero.
///
/// It walks the bytes once and builds no tree, which is what makes a year of days cheap.
/// It answers only for the plain JSON the store writes; anything else — an escape in a
/// name, a value of an unexpected type, a repeated key, malformed text — gives nil, and
/// the caller asks SQLite, so the answer never depends on which path was taken.
struct AggregateSourceScan {
    private let bytes: UnsafeRawBufferPointer
    private var at = 0

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The names of `json` (a night's `source` when `night`), or nil when SQLite must read it.
    static func names(_ json: UnsafeRawBufferPointer, night: Bool) -> [String]? {
        var ranges: [Range<Int>] = []
        guard nameRanges(json, night: night, into: &ranges) else { return nil }
        return ranges.map { String(decoding: UnsafeRawBufferPointer(rebasing: json[$0]), as: UTF8.self) }
    }

    /// The byte ranges of the names of `json` within it, replacing `ranges`' contents (a
    /// buffer the caller reuses, so a year of aggregates allocates no array per row);
    /// false when SQLite must read it. Each range holds valid UTF-8 without escapes, so the
    /// caller can compare names by their bytes and build a `String` only for a new one.
    static func nameRanges(_ json: UnsafeRawBufferPointer, night: Bool, into ranges: inout [Range<Int>]) -> Bool {
        ranges.removeAll(keepingCapacity: true)
        var scan = AggregateSourceScan(json)
        return scan.topLevel(key: night ? "source" : "sources", night: night, into: &ranges)
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    private mutating func topLevel(key wanted: StaticString, night: Bool, into names: inout [Range<Int>]) -> Bool {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return false }
        var found = false
        skipSpace()
        if take(UInt8(ascii: "}")) { return finish() }
        while true {
            skipSpace()
            guard let key = plainKey() else { return false }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipSpace()
            if matches(key, wanted) {
                // A repeated key: which one SQLite reads is its business.
                guard !found else { return false }
                found = true
                if night {
                    if let name = plainString() {
                        names.append(name)
                    } else if !takeWord("null") {
                        return false
                    }
                } else {
                    guard sourcesArray(into: &names) else { return false }
                }
            } else {
                guard skipValue(depth: 0) else { return false }
            }
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { return false }
            return finish()
        }
    }

    /// Nothing but white space may follow the document.
    private mutating func finish() -> Bool {
        skipSpace()
        return at == bytes.count
    }

    private mutating func sourcesArray(into names: inout [Range<Int>]) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "]")) { return true }
        while true {
            skipSpace()
            guard at < bytes.count else { return false }
            if bytes[at] == Self.quote {
                guard let name = plainString() else { return false }
                names.append(name)
            } else if bytes[at] == UInt8(ascii: "{") {
                guard let counted = countedObject() else { return false }
                if let name = counted { names.append(name) }
            } else {
                return false
            }
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "]")) else { return false }
            return true
        }
    }

    /// `.some(name)` when `counted` > 0 and `name` is a string, `.some(nil)` when `counted`
    /// is zero or less, nil when SQLite must decide.
    private mutating func countedObject() -> Range<Int>?? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var counted: Bool?
        var name: Range<Int>?
        skipSpace()
        if !take(UInt8(ascii: "}")) {
            while true {
                skipSpace()
                guard let key = plainKey() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                if matches(key, "counted") {
                    guard counted == nil, let positive = positiveNumber() else { return nil }
                    counted = positive
                } else if matches(key, "name") {
                    guard name == nil, let text = plainString() else { return nil }
                    name = text
                } else {
                    guard skipValue(depth: 0) else { return nil }
                }
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        // A missing `counted` or `name` is NULL in SQL: the element names nobody.
        guard counted == true else { return .some(nil) }
        return .some(name)
    }

    /// The bytes of a string without escapes or control characters, in valid UTF-8, else nil.
    private mutating func plainString() -> Range<Int>? {
        guard take(Self.quote) else { return nil }
        let start = at
        var ascii = true
        while at < bytes.count {
            let byte = bytes[at]
            if byte == Self.quote {
                let range = start..<at
                at += 1
                if ascii { return range }
                // Invalid UTF-8 is left to SQLite, which groups names by their bytes.
                return String(validating: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil ? nil : range
            }
            if byte == Self.backslash || byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            at += 1
        }
        return nil
    }

    /// The bytes of a key without escapes, else nil.
    private mutating func plainKey() -> Range<Int>? {
        guard take(Self.quote) else { return nil }
        let start = at
        while at < bytes.count {
            let byte = bytes[at]
            if byte == Self.quote {
                at += 1
                return start..<(at - 1)
            }
            if byte == Self.backslash || byte < 0x20 { return nil }
            at += 1
        }
        return nil
    }

    private func matches(_ key: Range<Int>, _ word: StaticString) -> Bool {
        guard key.count == word.utf8CodeUnitCount else { return false }
        for i in 0..<key.count where bytes[key.lowerBound + i] != word.utf8Start[i] { return false }
        return true
    }

    /// Whether a JSON number is above zero, as SQLite compares its value; nil when not a number.
    private mutating func positiveNumber() -> Bool? {
        let start = at
        guard skipNumber() else { return nil }
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<at])
        // Short decimals without an exponent cannot underflow: any non-zero digit decides.
        if text.count <= 20, !text.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
            return text[0] != UInt8(ascii: "-") && text.contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
        }
        return Double(String(decoding: text, as: UTF8.self)).map { $0 > 0 }
    }

    /// Steps over a JSON number, strictly as JSON spells it; false when there is none.
    private mutating func skipNumber() -> Bool {
        _ = take(UInt8(ascii: "-"))
        let integer = at
        guard digits(), bytes[integer] != UInt8(ascii: "0") || at == integer + 1 else { return false }
        if take(UInt8(ascii: ".")) { guard digits() else { return false } }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() else { return false }
        }
        return true
    }

    private mutating func digits() -> Bool {
        let start = at
        while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
        return at > start
    }

    /// Skips one value of any type; false on anything malformed or nested too deep.
    private mutating func skipValue(depth: Int) -> Bool {
        guard depth < 32, at < bytes.count else { return false }
        switch bytes[at] {
        case Self.quote:
            at += 1
            while at < bytes.count {
                let byte = bytes[at]
                if byte == Self.quote { at += 1; return true }
                if byte < 0x20 { return false }
                at += byte == Self.backslash ? 2 : 1
            }
            return false
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = bytes[at] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = close == UInt8(ascii: "}")
            at += 1
            skipSpace()
            if take(close) { return true }
            while true {
                skipSpace()
                if isObject {
                    guard at < bytes.count, bytes[at] == Self.quote, skipValue(depth: depth + 1) else { return false }
                    skipSpace()
                    guard take(UInt8(ascii: ":")) else { return false }
                    skipSpace()
                }
                guard skipValue(depth: depth + 1) else { return false }
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                return take(close)
            }
        case UInt8(ascii: "t"): return takeWord("true")
        case UInt8(ascii: "f"): return takeWord("false")
        case UInt8(ascii: "n"): return takeWord("null")
        default: return skipNumber()
        }
    }

    private mutating func takeWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        for i in 0..<count where bytes[at + i] != word.utf8Start[i] { return false }
        at += count
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    private mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }
}
