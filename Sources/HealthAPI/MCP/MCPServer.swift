import JSON
import HealthStore

/// The Model Context Protocol over JSON-RPC, independent of the transport: `POST /mcp`
/// and `healthd mcp` (stdio) hand it one message and send back what it answers. It
/// speaks both revisions clients use: 2025-11-25 (the `initialize` handshake) and the
/// stateless 2026-07-28 (`server/discover`, the protocol version and client
/// capabilities in every request's `_meta`, routing headers checked against the body,
/// `resultType` on every result). It keeps no per-session state, so a restart or a
/// second instance answers any request.
final class MCPServer: Sendable {
    static let modernVersion = "2026-07-28"
    /// Revisions reachable through `initialize`, oldest first.
    static let handshakeVersions = ["2025-03-26", "2025-06-18", "2025-11-25"]
    static let supportedVersions = handshakeVersions + [modernVersion]
    /// `MCP-Protocol-Version` values a request may carry: the supported revisions, and
    /// 2024-11-05, which older clients still send and is answered as 2025-03-26 would be.
    static let acceptedHeaderVersions = ["2024-11-05"] + supportedVersions
    static let protocolVersionKey = "io.modelcontextprotocol/protocolVersion"
    static let clientCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    /// How long a client may reuse `tools/list` and `server/discover`: tools change only
    /// with a new server version.
    static let listTTLMilliseconds = 300_000

    static let instructions = """
    Personal health data from Apple Health, aggregated per local day (the day boundary is each sample's own timezone; \
    a sleep night belongs to the day you wake up; steps and energy are de-duplicated across watch and phone). \
    Ask with the summary and report tools (dates are YYYY-MM-DD); days without data say no_data rather than 0. \
    Quote the `text` of an answer when it has one. Log food or weight with create_write_intent; the phone writes it into \
    Apple Health later and summaries show it as queued meanwhile.
    """

    let toolbox: MCPToolbox
    let version: String

    init(routes: [Route], version: String) {
        self.toolbox = MCPToolbox(routes: routes)
        self.version = version
    }

    /// The routing headers of an HTTP request; nil over stdio, which has none.
    struct RoutingHeaders: Sendable {
        var protocolVersion: String?
        var method: String?
        var name: String?
        /// A routing header sent more than once (first and last copy could disagree).
        var duplicated: String?
    }

    /// What to send back: the HTTP status (stdio ignores it), the serialized body (nil for
    /// 202) and extra headers.
    struct Exchange: Sendable {
        var status: Int
        var body: [UInt8]?
        var headers: [(String, String)] = []
    }

    /// Answers one message.
    func handle(_ bytes: [UInt8], routing: RoutingHeaders?, services: AppServices, grant: TokenGrant, requestID: String) async -> Exchange {
        let message: JSONValue
        do {
            message = try JSONParser.parse(bytes)
        } catch {
            return MCPServer.failure(JSONRPCError(code: JSONRPCError.parseError, message: "parse error: \(error.message) at byte \(error.offset)"), id: .null)
        }
        guard case .object(let object) = message else {
            return MCPServer.failure(.invalidRequest("the body must be one JSON-RPC request or notification object (batches are not accepted)"), id: .null)
        }
        guard object["jsonrpc"] == "2.0" else {
            return MCPServer.failure(.invalidRequest("'jsonrpc' must be \"2.0\""), id: MCPServer.usableID(object["id"]) ?? .null)
        }
        // An unsupported revision is refused whatever the message, as Streamable HTTP
        // requires (400): a notification must not be accepted under a version the server
        // does not speak. Requests are checked below, with the revision's own error.
        let isRequest = object["method"] != nil && object["id"] != nil
        if !isRequest, let requested = routing?.protocolVersion, !MCPServer.acceptedHeaderVersions.contains(requested) {
            return MCPServer.failure(MCPServer.unsupportedHeader(requested), id: MCPServer.usableID(object["id"]) ?? .null)
        }
        guard let methodValue = object["method"] else {
            // A response to a request of ours: this server sends none, so it is dropped.
            if object["id"] != nil, object["result"] != nil || object["error"] != nil { return Exchange(status: 202) }
            return MCPServer.failure(.invalidRequest("'method' is required"), id: MCPServer.usableID(object["id"]) ?? .null)
        }
        guard let method = methodValue.stringValue else {
            return MCPServer.failure(.invalidRequest("'method' must be a string"), id: MCPServer.usableID(object["id"]) ?? .null)
        }
        guard let rawID = object["id"] else {
            // Notifications (initialized, cancelled, …) need no answer: accepted.
            return Exchange(status: 202)
        }
        guard let id = MCPServer.usableID(rawID) else {
            return MCPServer.failure(.invalidRequest("'id' must be a string or an integer"), id: .null)
        }
        do {
            var params: [String: JSONValue] = [:]
            if let value = object["params"] {
                guard case .object(let members) = value else { throw JSONRPCError.invalidParams("'params' must be an object") }
                params = members
            }
            let modern = routing?.protocolVersion == MCPServer.modernVersion || params["_meta"]?[MCPServer.protocolVersionKey] != nil
            if modern {
                try MCPServer.checkEnvelope(method: method, params: params, routing: routing)
            } else if let requested = routing?.protocolVersion, !MCPServer.acceptedHeaderVersions.contains(requested) {
                throw MCPServer.unsupportedHeader(requested)
            }
            var headers: [(String, String)] = []
            var result = try await dispatch(method, params: params, modern: modern, services: services, grant: grant, requestID: requestID)
            if method == "initialize" { headers.append(("Mcp-Session-Id", String(TokenProvider.generate().prefix(32)))) }
            if modern { result.members["resultType"] = "complete" }
            return Exchange(status: 200, body: result.response(id: id), headers: headers)
        } catch let error as JSONRPCError {
            return MCPServer.failure(error, id: id)
        } catch {
            // Never a 500 and never internals: the request id finds the log line.
            return MCPServer.failure(JSONRPCError(code: JSONRPCError.internalError, message: "internal error (request id \(requestID))"), id: id)
        }
    }

    /// The error for an `MCP-Protocol-Version` header the server does not speak.
    static func unsupportedHeader(_ requested: String) -> JSONRPCError {
        .invalidRequest("unsupported MCP-Protocol-Version '\(requested.prefix(40))'; supported: \(supportedVersions.joined(separator: ", "))")
    }

    static func failure(_ error: JSONRPCError, id: JSONValue) -> Exchange {
        Exchange(status: error.httpStatus, body: JSONWriter.serialize(error.response(id: id)))
    }

    /// A JSON-RPC id MCP accepts: a string or an integer (never null).
    static func usableID(_ value: JSONValue?) -> JSONValue? {
        switch value {
        case .string?: value
        case .number?: value?.int64Value != nil ? value : nil
        default: nil
        }
    }

    /// The 2026-07-28 checks, in the order the SDKs apply them: the `_meta` envelope, the
    /// routing headers against the body, then the version.
    static func checkEnvelope(method: String, params: [String: JSONValue], routing: RoutingHeaders?) throws {
        guard case .object(let meta)? = params["_meta"] else {
            throw JSONRPCError.invalidParams("params._meta must be an object carrying '\(protocolVersionKey)' and '\(clientCapabilitiesKey)'")
        }
        let missing = [protocolVersionKey, clientCapabilitiesKey].filter { meta[$0] == nil }
        guard missing.isEmpty else { throw JSONRPCError.invalidParams("params._meta lacks \(missing.joined(separator: " and "))") }
        if let routing {
            if let duplicated = routing.duplicated { throw JSONRPCError.headerMismatch("the \(duplicated) header appears more than once") }
            guard let header = routing.protocolVersion, header == meta[protocolVersionKey]?.stringValue else {
                throw JSONRPCError.headerMismatch("the MCP-Protocol-Version header does not match params._meta's protocol version")
            }
            guard routing.method == method else { throw JSONRPCError.headerMismatch("the Mcp-Method header does not match the body's method '\(method.prefix(60))'") }
            if method == "tools/call", let name = params["name"]?.stringValue, routing.name != name {
                throw JSONRPCError.headerMismatch("the Mcp-Name header does not match the body's tool name '\(name.prefix(60))'")
            }
        }
        guard let version = meta[protocolVersionKey]?.stringValue else { throw JSONRPCError.invalidParams("the protocol version in params._meta must be a string") }
        guard version == modernVersion else {
            throw JSONRPCError(code: JSONRPCError.unsupportedProtocolVersion, message: "unsupported protocol version",
                               data: ["supported": .array(supportedVersions.map { .string($0) }), "requested": .string(version)])
        }
    }

    var serverInfo: JSONValue { ["name": "healthd", "title": "healthd personal health API", "version": .string(version)] }
    static let capabilities: JSONValue = ["tools": ["listChanged": false]]

    func dispatch(_ method: String, params: [String: JSONValue], modern: Bool, services: AppServices, grant: TokenGrant, requestID: String) async throws -> MCPResult {
        switch method {
        case "initialize" where !modern:
            let requested = params["protocolVersion"]?.stringValue ?? ""
            let version = MCPServer.handshakeVersions.contains(requested) ? requested : MCPServer.handshakeVersions.last!
            return MCPResult(["protocolVersion": .string(version), "capabilities": MCPServer.capabilities, "serverInfo": serverInfo,
                              "instructions": .string(MCPServer.instructions)])
        case "ping" where !modern:
            return MCPResult([:])
        case "server/discover":
            return MCPResult(["supportedVersions": .array(MCPServer.supportedVersions.map { .string($0) }), "capabilities": MCPServer.capabilities,
                              "instructions": .string(MCPServer.instructions), "_meta": ["io.modelcontextprotocol/serverInfo": serverInfo],
                              "ttlMs": .number(Double(MCPServer.listTTLMilliseconds)), "cacheScope": "private"])
        case "tools/list":
            // Only the tools this token may call; the list depends on the token, so caches stay private.
            var result = MCPResult(["tools": .array(toolbox.tools.filter { grant.allows($0.scope) }.map(\.listing))])
            if modern {
                result.members["ttlMs"] = .number(Double(MCPServer.listTTLMilliseconds))
                result.members["cacheScope"] = "private"
            }
            return result
        case "tools/call":
            guard let name = params["name"]?.stringValue else { throw JSONRPCError.invalidParams("params.name (the tool's name) is required") }
            guard let tool = toolbox.tool(named: name) else {
                throw JSONRPCError.invalidParams("unknown tool '\(name.prefix(60))'; tools: \(toolbox.tools.map(\.name).joined(separator: ", "))")
            }
            var arguments: [String: JSONValue] = [:]
            switch params["arguments"] {
            case nil, .null?: break
            case .object(let members)?: arguments = members
            case let other?: throw JSONRPCError.invalidParams("params.arguments must be an object (got \(other.typeName))")
            }
            return try await tool.call(arguments, services: services, grant: grant, requestID: requestID)
        default:
            throw JSONRPCError(code: JSONRPCError.methodNotFound, message: "unknown method '\(method.prefix(60))'; this server offers tools (tools/list, tools/call)")
        }
    }
}
