import Foundation
import JSON

extension JSONLinesExport {
    /// How a binary (BLOB) value is written, named in the manifest's `binaryEncoding`.
    public static let binaryEncoding = "base64"
    /// The one member of the object a binary value is written as: `{"$base64": "…"}`, the
    /// bytes in standard base64 with padding (RFC 4648 §4). No column holds JSON objects
    /// otherwise, so the object cannot be mistaken for text.
    public static let base64Key = "$base64"

    /// `bytes` as the JSON object an export line carries.
    static func encodeBinary(_ bytes: [UInt8]) -> JSONValue {
        .object([base64Key: .string(Data(bytes).base64EncodedString())])
    }

    /// The bytes of an exported binary value, or nil when `members` is not exactly
    /// `{"$base64": "<valid base64>"}`.
    static func decodeBinary(_ members: [String: JSONValue]) -> [UInt8]? {
        guard members.count == 1, case .string(let text)? = members[base64Key], let data = Data(base64Encoded: text) else { return nil }
        return Array(data)
    }
}
