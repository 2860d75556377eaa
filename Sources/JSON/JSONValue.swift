#if canImport(Glibc)
import Glibc
#endif

/// A parsed JSON document. Numbers are IEEE doubles (RFC 8259 §6): every timestamp in
/// milliseconds this API handles is below 2^53 and therefore exact.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member of an object, or nil for a missing member or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var doubleValue: Double? { if case .number(let d) = self { return d }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }

    /// The number as an exact integer, or nil when it is not a whole number within ±2^53.
    public var int64Value: Int64? {
        guard case .number(let d) = self, d.isFinite, abs(d) <= 9_007_199_254_740_992 else { return nil }
        return Int64(exactly: d)
    }

    /// The JSON type name used in error messages ("string", "number", …).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
