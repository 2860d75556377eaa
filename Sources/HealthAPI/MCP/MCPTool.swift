import HTTPTransport
import JSON
import HealthStore

/// One MCP tool: a route of the API (or a query intent of `POST /health/query`) with
/// the arguments an agent passes, described by the same schemas the OpenAPI document
/// publishes. Calling it runs the route's own handler, so its answers, its rules and
/// its error messages are the HTTP API's.
struct MCPTool: Sendable {
    /// How the tool's arguments become the route's request.
    enum Arguments: Sendable {
        /// The arguments are the JSON body, merged with fixed members (the intent selector).
        case body(fixed: [String: JSONValue])
        /// The arguments are the route's path and query parameters.
        case parameters
    }

    let name: String
    let title: String
    let description: String
    let inputSchema: JSONValue
    let outputSchema: JSONValue
    let route: Route
    let arguments: Arguments

    /// The scope the caller's token needs: the wrapped route's.
    var scope: Scope { route.scope ?? .admin }
    /// Tools that only read declare it, so clients may call them without asking.
    var isReadOnly: Bool { scope == .read }

    /// The `tools/list` entry.
    var listing: JSONValue {
        [
            "name": .string(name),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": inputSchema,
            "outputSchema": outputSchema,
            "annotations": [
                "title": .string(title),
                "readOnlyHint": .bool(isReadOnly),
                // Cancelling takes an entry off the phone's queue; creating only adds (or
                // replaces the same externalId's not-yet-written entry).
                "destructiveHint": .bool(name.hasPrefix("cancel_")),
                "idempotentHint": true,
                "openWorldHint": false,
            ],
        ]
    }
}
