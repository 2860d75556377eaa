/// Deterministic JSON serialization (RFC 8259) for responses and golden tests.
///
/// With `sortedKeys` (the default) object members are ordered by the bytes of their
/// UTF-8 keys, so the same value always produces the same bytes regardless of
/// dictionary order. Compact output has no whitespace at all; pretty output indents by
/// two spaces, writes `": "` between key and value and never ends with a newline.
public enum JSONWriter {
    /// The UTF-8 bytes of `value` as JSON text.
    public static func serialize(_ value: JSONValue, sortedKeys: Bool = true, pretty: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, into: &output, sortedKeys: sortedKeys, pretty: pretty, level: 0)
        return output
    }

    /// `value` as JSON text.
    public static func string(_ value: JSONValue, sortedKeys: Bool = true, pretty: Bool = false) -> String {
        String(decoding: serialize(value, sortedKeys: sortedKeys, pretty: pretty), as: UTF8.self)
    }

    static func write(_ value: JSONValue, into output: inout [UInt8], sortedKeys: Bool, pretty: Bool, level: Int) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            writeNumber(number, into: &output)
        case .string(let text):
            writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { writeNewline(into: &output, level: level + 1) }
                write(element, into: &output, sortedKeys: sortedKeys, pretty: pretty, level: level + 1)
            }
            if pretty { writeNewline(into: &output, level: level) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            var first = true
            func writeMember(_ key: String, _ member: JSONValue) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                if pretty { writeNewline(into: &output, level: level + 1) }
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                write(member, into: &output, sortedKeys: sortedKeys, pretty: pretty, level: level + 1)
            }
            if sortedKeys {
                // Byte order of UTF-8 equals code point order; `String.<` would instead
                // compare canonically equivalent forms, which is not what golden files expect.
                let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                for (key, member) in sorted { writeMember(key, member) }
            } else {
                for (key, member) in members { writeMember(key, member) }
            }
            if pretty { writeNewline(into: &output, level: level) }
            output.append(UInt8(ascii: "}"))
        }
    }

    static func writeNewline(into output: inout [UInt8], level: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }
}
