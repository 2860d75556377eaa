import JSON

/// A JSON-RPC 2.0 error answer, with the HTTP status MCP's Streamable HTTP transport
/// gives it (400 for a malformed or mismatched request, 404 for an unknown method).
struct JSONRPCError: Error, Sendable, Equatable {
    var code: Int
    var message: String
    var data: JSONValue?

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    /// MCP 2026-07-28: a routing header disagrees with the body (or is missing).
    static let headerMismatch = -32020
    /// MCP 2026-07-28: the request's protocol version is not served; `data` lists those that are.
    static let unsupportedProtocolVersion = -32022

    static func invalidRequest(_ message: String) -> JSONRPCError { JSONRPCError(code: invalidRequest, message: message) }
    static func invalidParams(_ message: String) -> JSONRPCError { JSONRPCError(code: invalidParams, message: message) }
    static func headerMismatch(_ message: String) -> JSONRPCError { JSONRPCError(code: headerMismatch, message: message) }

    var httpStatus: Int {
        switch code {
        case JSONRPCError.methodNotFound: 404
        case JSONRPCError.internalError: 200
        default: 400
        }
    }

    /// The response object; `id` is null when the request's id could not be read.
    func response(id: JSONValue) -> JSONValue {
        var error: [String: JSONValue] = ["code": .number(Double(code)), "message": .string(message)]
        if let data { error["data"] = data }
        return ["jsonrpc": "2.0", "id": id, "error": .object(error)]
    }
}
