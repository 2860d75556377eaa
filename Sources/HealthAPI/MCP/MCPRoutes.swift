import Foundation
import HTTPTransport
import JSON
import HealthStore

/// `POST /mcp`: MCP's Streamable HTTP transport, answering every message with one
/// `application/json` body (never a stream). `GET /mcp` is 405 (this server pushes
/// nothing). The endpoint needs the `read` scope; tools that write also `intents`.
enum MCPRoutes {
    static let operationID = "mcp"

    static func routes(server: MCPServer) -> [Route] {
        let jsonrpc: JSONValue = ["type": "string", "const": "2.0", "description": "Always 2.0."]
        let error: JSONValue = ["type": "object", "required": ["jsonrpc", "id", "error"], "description": "A JSON-RPC error: code, message and, for an unsupported version, the supported ones.",
                                "properties": ["jsonrpc": jsonrpc, "id": ["type": ["string", "integer", "null"], "description": "The request's id; null when it could not be read."],
                                               "error": ["type": "object", "required": ["code", "message"], "description": "What was wrong.",
                                                         "properties": ["code": ["type": "integer", "description": "The JSON-RPC or MCP error code."],
                                                                        "message": ["type": "string", "description": "What was wrong, in words."],
                                                                        "data": ["description": "For -32022: the supported versions and the requested one."]]]]]
        return [
            Route(.post, "/mcp", scope: .read, operation: Operation(
                id: operationID, summary: "Model Context Protocol (Streamable HTTP) for agents",
                description: """
                One JSON-RPC message per request, answered as application/json. Speaks MCP 2025-11-25 (initialize, \
                notifications/initialized, ping, tools/list, tools/call; `Mcp-Session-Id` is issued and optional) and the stateless \
                2026-07-28 (server/discover; every request carries `_meta` with the protocol version and client capabilities, and \
                the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers must match the body). The tools are this API's query \
                intents, list_metrics and the write-intent routes, with their JSON Schemas; a wrong argument is a tool result with \
                `isError: true` naming the field and the rule. Tools that write need a token with the `intents` scope. A browser \
                `Origin` other than this server's own is refused with 403.
                """,
                tags: ["mcp"],
                parameters: [
                    .init("MCP-Protocol-Version", in: .header,
                          description: "The protocol revision: one of the supported ones (2026-07-28 must match `_meta`; 2024-11-05 is still taken from older clients). Any other is a 400 (-32600), notifications included.",
                          schema: ["type": "string", "enum": .array(MCPServer.acceptedHeaderVersions.map { .string($0) })]),
                    .init("Mcp-Method", in: .header, description: "2026-07-28: the body's method.", schema: ["type": "string"]),
                    .init("Mcp-Name", in: .header, description: "2026-07-28: the tool's name for tools/call.", schema: ["type": "string"]),
                ],
                requestBody: Operation.Body(
                    description: "One JSON-RPC 2.0 request or notification.",
                    schema: ["type": "object", "required": ["jsonrpc", "method"],
                             "properties": ["jsonrpc": jsonrpc, "id": ["type": ["string", "integer"], "description": "The request's id; absent for a notification."],
                                            "method": ["type": "string", "description": "initialize, ping, server/discover, tools/list, tools/call or a notification."],
                                            "params": ["type": "object", "description": "The method's parameters (2026-07-28: with `_meta`)."]]],
                    example: ["jsonrpc": "2.0", "id": 1, "method": "tools/list"]),
                responses: [
                    200: Operation.Response("The JSON-RPC response (a result, or an internal error without details).",
                                            schema: ["type": "object", "required": ["jsonrpc", "id"], "properties": [
                                                "jsonrpc": jsonrpc, "id": ["type": ["string", "integer"], "description": "The request's id."],
                                                "result": ["type": "object", "description": "The method's result."],
                                                "error": ["type": "object", "description": "An internal error (code -32603) without internals."]]]),
                    202: Operation.Response("A notification (or a response) was accepted; no body."),
                    400: Operation.Response("Parse error (-32700), invalid request (-32600), invalid params (-32602), a routing header that does not match the body (-32020) or an unsupported protocol version (-32022).", schema: error),
                    403: Operation.Response("The `Origin` is not this server's, or the token lacks the `read` scope.", schema: Schemas.ref("Error")),
                    404: Operation.Response("Unknown JSON-RPC method (-32601).", schema: error),
                ])) { context in
                try await answer(context, server: server)
            },
        ]
    }

    static func answer(_ context: RequestContext, server: MCPServer) async throws -> HTTPResponse {
        let request = context.request
        if let origin = request.headers[HTTPHeaderName("Origin")], !isAllowed(origin: origin, host: request.headers[.host]) {
            // A page on another origin (DNS rebinding included) must not reach the tools.
            throw APIError(status: .forbidden, code: .forbidden, message: "requests from origin '\(origin.prefix(100))' are not allowed; only this server's own origin is",
                           details: ["field": "Origin", "rule": "same-origin"])
        }
        try context.query.rejectUnknown(allowed: [])
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/json") {
            throw APIError(status: .unsupportedMediaType, code: .unsupportedMediaType, message: "MCP messages must be application/json (got \(type.prefix(60)))",
                           details: ["field": "Content-Type"])
        }
        let exchange = await server.handle(request.body, routing: routingHeaders(request), services: context.services, grant: context.grant,
                                           requestID: context.requestID)
        var response: HTTPResponse
        if let body = exchange.body {
            response = HTTPResponse(status: HTTPStatus(code: exchange.status), contentType: "application/json", body: body)
        } else {
            response = HTTPResponse(status: HTTPStatus(code: exchange.status))
        }
        for (name, value) in exchange.headers { response.headers.replaceOrAdd(name: HTTPHeaderName(name), value: value) }
        return response
    }

    static func routingHeaders(_ request: HTTPRequest) -> MCPServer.RoutingHeaders {
        var routing = MCPServer.RoutingHeaders()
        for name in ["MCP-Protocol-Version", "Mcp-Method", "Mcp-Name"] {
            let values = request.headers.values(HTTPHeaderName(name))
            if values.count > 1 { routing.duplicated = name }
            switch name {
            case "MCP-Protocol-Version": routing.protocolVersion = values.first
            case "Mcp-Method": routing.method = values.first
            default: routing.name = values.first.map(MCPRoutes.decodedHeaderValue)
            }
        }
        return routing
    }

    /// Header values that cannot travel as plain ASCII arrive as `=?base64?…?=`.
    static func decodedHeaderValue(_ value: String) -> String {
        guard value.hasPrefix("=?base64?"), value.hasSuffix("?="), value.count >= 11 else { return value }
        let payload = value.dropFirst(9).dropLast(2)
        guard let data = Data(base64Encoded: String(payload)) else { return value }
        return String(decoding: data, as: UTF8.self)
    }

    /// Same origin: the Origin's host and port are the Host the request was sent to (a
    /// TLS proxy that forwards Host keeps this true for `https://` origins).
    static func isAllowed(origin: String, host: String?) -> Bool {
        guard let host, !host.isEmpty else { return false }
        guard let schemeEnd = origin.range(of: "://") else { return false }
        let authority = origin[schemeEnd.upperBound...]
        return authority.lowercased() == host.lowercased()
    }
}
