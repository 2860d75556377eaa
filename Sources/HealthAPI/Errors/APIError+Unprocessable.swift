import HTTPTransport
import HealthDomain
import JSON

/// The split the OpenAPI document promises: 400 when a request breaks its JSON Schema
/// (syntax, type, required, unknown field, pattern, bounds); 422 when it matches the
/// schema but breaks a rule a schema cannot state (from after to, a range that is too
/// long, a timezone this server does not know, a unit the metric does not take, a cursor
/// the listing did not issue).
extension APIError {
    public static func unprocessable(_ field: String, _ message: String, rule: String, code: Code = .invalidParameters,
                                     extra: [String: JSONValue] = [:]) -> APIError {
        var details = extra
        details["field"] = .string(field)
        details["rule"] = .string(rule)
        return APIError(status: .unprocessableContent, code: code, message: message, details: details)
    }
}

/// The shape of an IANA timezone name as the document states it (`pattern`, `maxLength`);
/// a name of that shape the server does not know is a 422, any other text a 400.
public enum TimezoneName {
    public static let maxLength = 64
    public static let pattern = "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$"

    /// Whether `text` has the documented shape.
    public static func isWellFormed(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maxLength else { return false }
        let bytes = Array(text.utf8)
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
        }
        guard (bytes[0] >= 0x41 && bytes[0] <= 0x5A) || (bytes[0] >= 0x61 && bytes[0] <= 0x7A) else { return false }
        var previousSlash = false
        for b in bytes.dropFirst() {
            if b == UInt8(ascii: "/") {
                if previousSlash { return false }
                previousSlash = true
            } else if isNameByte(b) {
                previousSlash = false
            } else {
                return false
            }
        }
        return !previousSlash
    }

    /// The JSON Schema of a timezone field.
    public static func schema(description: String) -> JSONValue {
        ["type": "string", "minLength": 1, "maxLength": .number(Double(maxLength)), "pattern": .string(pattern), "description": .string(description),
         "examples": ["Europe/Berlin", "America/Los_Angeles", "Pacific/Auckland", "UTC"]]
    }
}

/// The shape of an opaque paging cursor as the document states it: URL-safe base64.
public enum CursorText {
    public static let maxLength = 2048
    public static let pattern = "^[A-Za-z0-9_-]+$"

    public static func isWellFormed(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maxLength && text.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
    }

    public static let schema: JSONValue = [
        "type": "string", "minLength": 1, "maxLength": .number(Double(maxLength)), "pattern": .string(pattern),
        "description": "The `nextCursor` of the previous page, unchanged (opaque URL-safe base64). A well-formed cursor this listing did not issue is a 422.",
    ]

    /// 400 when `text` is not cursor-shaped; the caller answers 422 when a well-formed one does not decode.
    public static func requireWellFormed(_ text: String) throws {
        guard isWellFormed(text) else {
            throw APIError.invalidParameter("cursor", "'cursor' must be the nextCursor of the previous page: 1–\(maxLength) characters of URL-safe base64", rule: "pattern")
        }
    }
}
