// TEMPORARY: replaced by the real writer on merge.
public enum JSONWriter {
    public static func serialize(_ value: JSONValue, sortedKeys: Bool = true, pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out)
        return out
    }
    public static func string(_ value: JSONValue, sortedKeys: Bool = true, pretty: Bool = false) -> String {
        String(decoding: serialize(value), as: UTF8.self)
    }
    static func write(_ v: JSONValue, into out: inout [UInt8]) {
        switch v {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let d):
            if !d.isFinite { out += Array("null".utf8) }
            else if let i = Int64(exactly: d), abs(d) < 9_007_199_254_740_992 { out += Array(String(i).utf8) }
            else { out += Array("\(d)".utf8) }
        case .string(let s):
            out.append(34)
            for b in s.utf8 {
                switch b {
                case 34: out += [92, 34]
                case 92: out += [92, 92]
                case 10: out += [92, 110]
                case 0..<32: out += Array("\\u00".utf8); let h = Array("0123456789abcdef".utf8); out.append(h[Int(b >> 4)]); out.append(h[Int(b & 15)])
                default: out.append(b)
                }
            }
            out.append(34)
        case .array(let a):
            out.append(91)
            for (i, e) in a.enumerated() { if i > 0 { out.append(44) }; write(e, into: &out) }
            out.append(93)
        case .object(let o):
            out.append(123)
            for (i, k) in o.keys.sorted().enumerated() {
                if i > 0 { out.append(44) }
                write(.string(k), into: &out); out.append(58); write(o[k]!, into: &out)
            }
            out.append(125)
        }
    }
}
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(Dictionary(elements, uniquingKeysWith: { a, _ in a })) }
    public init(nilLiteral: ()) { self = .null }
    public init(_ i: Int) { self = .number(Double(i)) }
    public init(_ i: Int64) { self = .number(Double(i)) }
    public init(_ d: Double) { self = d.isFinite ? .number(d) : .null }
    public init(_ s: String?) { self = s.map { .string($0) } ?? .null }
}
