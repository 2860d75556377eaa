/// A pull parser over a byte stream (XML 1.0, https://www.w3.org/TR/xml/): it keeps one
/// buffer of the stream, hands out events one by one, and never reads ahead further than
/// the current token, so memory is flat whatever the document's size.
///
/// It is built for data files written by programs, and forgiving where they are known to
/// be wrong: the document type declaration — including an internal subset that is not
/// well-formed, as some phones write — is skipped up to the root element's start tag and
/// never interpreted, so no external entity or DTD is ever fetched or expanded. Only the
/// five predefined entities and character references are resolved. A missing XML
/// declaration or DOCTYPE, and comments anywhere, are fine.
public final class XMLStreamReader {
    /// Supplies the next bytes of the document into the buffer; 0 at its end.
    public typealias Source = (UnsafeMutableRawBufferPointer) throws -> Int

    private let source: Source
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var exhausted = false
    private var consumedBefore: Int64 = 0
    private var stack: [String] = []
    private var sawRoot = false
    private var skippingDoctype = false
    private let maxTokenBytes: Int
    /// Attribute names whose values the consumer never reads, as bytes: they are not
    /// decoded or reported, which saves two strings per element on large data files.
    private let skipped: [[UInt8]]
    /// The last string made for each attribute position (its name and its value, when
    /// the value had no entity): records of one kind repeat their type, source, device
    /// and unit, so an equal byte run hands out the same string instead of a new one,
    /// and consumers comparing it with the last one they saw find them identical at once.
    private var recentNames: [String] = Array(repeating: "", count: recentPositions)
    private var recentValues: [String?] = Array(repeating: nil, count: recentPositions)
    /// The last value with an entity at each position, as written and as decoded (an
    /// export's device descriptions are written with `&lt;` and repeat on every record).
    private var recentEncoded: [(raw: [UInt8], text: String)?] = Array(repeating: nil, count: recentPositions)
    private static let recentPositions = 24
    /// The last element names of start and end tags, for the same reason.
    private var recentStart = ""
    /// How many attributes the last start tag had.
    private var attributeHint = 0
    private var recentEnd = ""

    /// Bytes of the document consumed by the events returned so far.
    public var offset: Int64 { consumedBefore + Int64(start) }
    /// Depth of open elements after the last event.
    public var depth: Int { stack.count }
    /// The open elements, outermost first.
    public var openElements: [String] { stack }

    /// A reader pulling from `source`; one token (a tag with its attributes, a text run)
    /// may be at most `maxTokenBytes` long.
    public init(bufferSize: Int = 1 << 20, maxTokenBytes: Int = 64 << 20, skippingAttributes: [String] = [], source: @escaping Source) {
        self.source = source
        self.maxTokenBytes = maxTokenBytes
        skipped = skippingAttributes.map { Array($0.utf8) }
        buffer = [UInt8](repeating: 0, count: max(bufferSize, 64))
    }

    /// The next event, or nil at the end of a complete document.
    public func next() throws -> XMLEvent? {
        while true {
            let result = try buffer.withUnsafeBufferPointer { bytes throws(XMLStreamError) in try scan(bytes) }
            switch result {
            case .event(let event, let next):
                start = next
                return event
            case .skipped(let next):
                start = next
            case .needMore:
                if exhausted { return try finishAtEnd() }
                try refill()
            }
        }
    }

    /// Skips the content of the element whose start tag was just returned, through its
    /// end tag, without making events: for parts a reader does not use (a GPX point's
    /// `extensions`). The element must not contain another element of its own name.
    public func skipElement(_ name: String) throws {
        let pattern = Array("</\(name)".utf8)
        while true {
            let found: Int? = buffer.withUnsafeBufferPointer { bytes in
                var index = start
                while index + pattern.count < end {
                    if bytes[index] == pattern[0] {
                        var match = true
                        for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] { match = false; break }
                        if match, !Self.isNameByte(bytes[index + pattern.count]) { return index }
                    }
                    index += 1
                }
                return nil
            }
            if let found {
                // Leave the end tag itself to `next()`, which pops the element.
                start = found
                return
            }
            // Keep the last bytes: the end tag may straddle the refill.
            start = max(start, end - pattern.count)
            if exhausted { throw XMLStreamError("the document ends inside <\(name)>: the file is cut off", offset: offset) }
            try refill()
        }
    }

    // MARK: Buffering

    private func refill() throws {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 {
                buffer.withUnsafeMutableBufferPointer { raw in
                    raw.baseAddress!.update(from: raw.baseAddress! + start, count: remaining)
                }
            }
            consumedBefore += Int64(start)
            start = 0
            end = remaining
        }
        if end == buffer.count {
            guard buffer.count < maxTokenBytes else {
                throw XMLStreamError("one token is longer than \(maxTokenBytes) bytes; the file is not a data export", offset: offset)
            }
            buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, maxTokenBytes - buffer.count)))
        }
        let readFrom = end
        let got = try buffer.withUnsafeMutableBytes { raw in
            try source(UnsafeMutableRawBufferPointer(rebasing: raw[readFrom...]))
        }
        if got == 0 { exhausted = true } else { end += got }
    }

    private func finishAtEnd() throws(XMLStreamError) -> XMLEvent? {
        if start < end {
            // Trailing bytes that are only whitespace are fine.
            let rest = buffer[start..<end]
            if rest.allSatisfy(Self.isSpace) { start = end } else {
                throw XMLStreamError("the document ends in the middle of a tag", offset: offset)
            }
        }
        if let open = stack.last {
            throw XMLStreamError("the document ends inside <\(open)> (\(stack.count) element\(stack.count == 1 ? "" : "s") still open): the file is cut off", offset: offset)
        }
        if !sawRoot { throw XMLStreamError("the document has no root element", offset: offset) }
        return nil
    }

    // MARK: Tokens

    private enum Scan {
        case event(XMLEvent, Int)
        case skipped(Int)
        case needMore
    }

    private func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(XMLStreamError) -> Scan {
        var index = start
        let limit = end
        guard index < limit else { return .needMore }
        if skippingDoctype { return skipDoctype(bytes, index, limit) }
        if bytes[index] != UInt8(ascii: "<") {
            guard let close = find(UInt8(ascii: "<"), in: bytes, from: index, to: limit) else {
                // Text runs to the end of what is buffered; at the end of the stream it is trailing data.
                return .needMore
            }
            var blank = true
            for position in index..<close where !Self.isSpace(bytes[position]) { blank = false; break }
            if blank || stack.isEmpty {
                if !blank { throw XMLStreamError("text outside the root element", offset: consumedBefore + Int64(index)) }
                return .skipped(close)
            }
            return .event(.text(decode(bytes, index, close)), close)
        }
        guard index + 1 < limit else { return .needMore }
        let second = bytes[index + 1]
        if second == UInt8(ascii: "/") {
            index += 2
            let nameStart = index
            while index < limit, Self.isNameByte(bytes[index]) { index += 1 }
            let nameEnd = index
            while index < limit, Self.isSpace(bytes[index]) { index += 1 }
            guard index < limit else { return .needMore }
            guard bytes[index] == UInt8(ascii: ">"), nameEnd > nameStart else {
                throw XMLStreamError("a malformed end tag", offset: consumedBefore + Int64(start))
            }
            let name = Self.same(recentEnd, bytes, nameStart, nameEnd) ? recentEnd : String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
            recentEnd = name
            guard let open = stack.popLast() else {
                throw XMLStreamError("</\(name)> closes nothing", offset: consumedBefore + Int64(start))
            }
            guard open == name else {
                throw XMLStreamError("</\(name)> where </\(open)> was expected", offset: consumedBefore + Int64(start))
            }
            return .event(.end(name), index + 1)
        }
        if second == UInt8(ascii: "?") {
            // The XML declaration or a processing instruction.
            guard let close = find("?>", in: bytes, from: index + 2, to: limit) else { return .needMore }
            return .skipped(close + 2)
        }
        if second == UInt8(ascii: "!") {
            guard index + 3 < limit else { return .needMore }
            if bytes[index + 2] == UInt8(ascii: "-"), bytes[index + 3] == UInt8(ascii: "-") {
                guard let close = find("-->", in: bytes, from: index + 4, to: limit) else { return .needMore }
                return .skipped(close + 3)
            }
            if matches("<![CDATA[", bytes, at: index, limit) {
                guard let close = find("]]>", in: bytes, from: index + 9, to: limit) else { return .needMore }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 9)..<close]), as: UTF8.self)
                return .event(.text(text), close + 3)
            }
            // `<!DOCTYPE …>` (with or without an internal subset) before the root: skip
            // to the next `<` that starts a tag, so whatever the subset holds is never
            // parsed. Everything inside it is `<!…>` or `<?…?>` markup.
            guard !sawRoot else { throw XMLStreamError("markup declaration inside the document", offset: consumedBefore + Int64(index)) }
            skippingDoctype = true
            return .skipped(index + 2)
        }
        return try startTag(bytes, index, limit)
    }

    /// Skips the rest of a document type declaration, across refills: up to the first
    /// `<` followed by something other than `!` or `?`.
    private func skipDoctype(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ limit: Int) -> Scan {
        var position = from
        while let next = find(UInt8(ascii: "<"), in: bytes, from: position, to: limit) {
            guard next + 1 < limit else { return next > from ? .skipped(next) : .needMore }
            let after = bytes[next + 1]
            if after != UInt8(ascii: "!"), after != UInt8(ascii: "?") {
                skippingDoctype = false
                return .skipped(next)
            }
            position = next + 1
        }
        return limit > from ? .skipped(limit) : .needMore
    }

    private func startTag(_ bytes: UnsafeBufferPointer<UInt8>, _ tagStart: Int, _ limit: Int) throws(XMLStreamError) -> Scan {
        var index = tagStart + 1
        let nameStart = index
        while index < limit, Self.isNameByte(bytes[index]) { index += 1 }
        guard index < limit else { return .needMore }
        guard index > nameStart else { throw XMLStreamError("'<' that starts no tag", offset: consumedBefore + Int64(tagStart)) }
        let name = Self.same(recentStart, bytes, nameStart, index) ? recentStart : String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
        recentStart = name
        var attributes: [(name: String, value: String)] = []
        // Sized like the last tag's list: one allocation instead of one per doubling.
        if attributeHint > 0 { attributes.reserveCapacity(attributeHint) }
        while true {
            while index < limit, Self.isSpace(bytes[index]) { index += 1 }
            guard index < limit else { return .needMore }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                attributeHint = attributes.count
                open(name, at: tagStart)
                return .event(.start(XMLElement(name: name, attributes: attributes, selfClosing: false)), index + 1)
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < limit else { return .needMore }
                guard bytes[index + 1] == UInt8(ascii: ">") else { throw XMLStreamError("'/' inside <\(name)>", offset: consumedBefore + Int64(index)) }
                sawRoot = true
                attributeHint = attributes.count
                return .event(.start(XMLElement(name: name, attributes: attributes, selfClosing: true)), index + 2)
            }
            let attributeStart = index
            while index < limit, Self.isNameByte(bytes[index]) { index += 1 }
            guard index < limit else { return .needMore }
            guard index > attributeStart else {
                throw XMLStreamError("unexpected '\(Unicode.Scalar(byte))' in <\(name)>", offset: consumedBefore + Int64(index))
            }
            let attributeEnd = index
            while index < limit, Self.isSpace(bytes[index]) { index += 1 }
            guard index < limit else { return .needMore }
            guard bytes[index] == UInt8(ascii: "=") else { throw XMLStreamError("attribute without '=' in <\(name)>", offset: consumedBefore + Int64(index)) }
            index += 1
            while index < limit, Self.isSpace(bytes[index]) { index += 1 }
            guard index < limit else { return .needMore }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw XMLStreamError("attribute value without quotes in <\(name)>", offset: consumedBefore + Int64(index))
            }
            guard let close = find(quote, in: bytes, from: index + 1, to: limit) else { return .needMore }
            if skipped.isEmpty || !isSkipped(bytes, attributeStart, attributeEnd) {
                let position = attributes.count
                if position < Self.recentPositions {
                    attributes.append((recentName(position, bytes, attributeStart, attributeEnd), recentValue(position, bytes, index + 1, close)))
                } else {
                    let attribute = String(decoding: UnsafeBufferPointer(rebasing: bytes[attributeStart..<attributeEnd]), as: UTF8.self)
                    attributes.append((attribute, decode(bytes, index + 1, close)))
                }
            }
            index = close + 1
        }
    }

    /// The name at attribute position `position`, the last one's string when its bytes are equal.
    private func recentName(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        if Self.same(recentNames[position], bytes, from, to) { return recentNames[position] }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        recentNames[position] = name
        return name
    }

    /// The decoded value at attribute position `position`, the last one's string when
    /// its bytes are equal. A value without `&` is compared with its own text (a text
    /// without `&` is valid UTF-8 and decodes to itself, so bytes equal to it decode to
    /// it too); one with an entity is compared as written.
    private func recentValue(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        if let recent = recentValues[position], Self.same(recent, bytes, from, to) { return recent }
        if let recent = recentEncoded[position], recent.raw.withUnsafeBufferPointer({ Self.same($0, bytes, from, to) }) {
            return recent.text
        }
        guard find(UInt8(ascii: "&"), in: bytes, from: from, to: to) == nil else {
            let value = decode(bytes, from, to)
            recentEncoded[position] = (Array(UnsafeBufferPointer(rebasing: bytes[from..<to])), value)
            return value
        }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        recentValues[position] = value
        return value
    }

    /// Whether `text`'s UTF-8 bytes are `bytes[from..<to]`.
    private static func same(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        guard text.utf8.count == to - from else { return false }
        return text.utf8.withContiguousStorageIfAvailable { same($0, bytes, from, to) } ?? false
    }

    /// Whether `stored` is `bytes[from..<to]`.
    private static func same(_ stored: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        let count = to - from
        guard stored.count == count else { return false }
        for offset in 0..<count where stored[offset] != bytes[from + offset] { return false }
        return true
    }

    private func open(_ name: String, at offset: Int) {
        sawRoot = true
        stack.append(name)
    }

    // MARK: Bytes

    private func isSkipped(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        let length = to - from
        for name in skipped where name.count == length {
            var same = true
            for offset in 0..<length where bytes[from + offset] != name[offset] { same = false; break }
            if same { return true }
        }
        return false
    }

    /// `bytes[from..<to]` as a string, entities resolved (XML 1.0 §4.6; character references §4.1).
    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        guard find(UInt8(ascii: "&"), in: bytes, from: from, to: to) != nil else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(to - from)
        var index = from
        while index < to {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"), let semicolon = find(UInt8(ascii: ";"), in: bytes, from: index + 1, to: min(to, index + 12)) else {
                out.append(byte)
                index += 1
                continue
            }
            let name = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<semicolon])
            var scalar: UInt32?
            switch (name.count, name.first) {
            case (2, UInt8(ascii: "l")) where name[1] == UInt8(ascii: "t"): scalar = 0x3C
            case (2, UInt8(ascii: "g")) where name[1] == UInt8(ascii: "t"): scalar = 0x3E
            case (3, UInt8(ascii: "a")) where name[1] == UInt8(ascii: "m") && name[2] == UInt8(ascii: "p"): scalar = 0x26
            case (4, UInt8(ascii: "q")) where Array(name) == Array("quot".utf8): scalar = 0x22
            case (4, UInt8(ascii: "a")) where Array(name) == Array("apos".utf8): scalar = 0x27
            case (_, UInt8(ascii: "#")) where name.count > 1:
                let hex = name[1] == UInt8(ascii: "x") || name[1] == UInt8(ascii: "X")
                let digits = String(decoding: UnsafeBufferPointer(rebasing: name[(hex ? 2 : 1)...]), as: UTF8.self)
                scalar = UInt32(digits, radix: hex ? 16 : 10)
            default: scalar = nil
            }
            if let scalar, let unicode = Unicode.Scalar(scalar) {
                if scalar < 0x80 {
                    out.append(UInt8(scalar))
                } else {
                    out.append(contentsOf: String(Character(unicode)).utf8)
                }
                index = semicolon + 1
            } else {
                // An unknown entity (never declared, since the DTD is not read) stays as written.
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        var index = from
        while index < to {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private func find(_ pattern: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        let count = pattern.utf8CodeUnitCount
        let first = pattern.utf8Start.pointee
        var index = from
        while index + count <= to {
            guard let hit = find(first, in: bytes, from: index, to: to - count + 1) else { return nil }
            if memcmpEqual(bytes, hit, pattern) { return hit }
            index = hit + 1
        }
        return nil
    }

    private func matches(_ pattern: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ limit: Int) -> Bool {
        index + pattern.utf8CodeUnitCount <= limit && memcmpEqual(bytes, index, pattern)
    }

    private func memcmpEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ pattern: StaticString) -> Bool {
        for offset in 0..<pattern.utf8CodeUnitCount where bytes[at + offset] != pattern.utf8Start[offset] { return false }
        return true
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Bytes that may appear in a name: ASCII letters, digits, `_ : - .`, and every
    /// byte of a multi-byte UTF-8 sequence (names are not validated further).
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "."): return true
        default: return byte >= 0x80
        }
    }
}
