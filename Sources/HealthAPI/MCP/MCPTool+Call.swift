import Foundation
import HTTPTransport
import JSON
import HealthStore

extension MCPTool {
    /// Runs the tool and returns its `tools/call` result. A wrong argument, a rule the
    /// route enforces or a missing scope is a tool error (`isError: true`) whose text
    /// names the field and the rule, so the agent can correct itself. Only failures that
    /// are not the caller's (an unexpected error) are thrown.
    func call(_ arguments: [String: JSONValue], services: AppServices, grant: TokenGrant, requestID: String) async throws -> MCPResult {
        guard grant.allows(scope) else {
            return MCPTool.errorResult("the token lacks the '\(scope.rawValue)' scope that \(name) needs (it has: \(grant.scopes.isEmpty ? "none" : Scope.listText(grant.scopes))); nothing was changed",
                                       details: ["scope": .string(scope.rawValue), "rule": "scope"])
        }
        do {
            let context = try requestContext(arguments, services: services, grant: grant, requestID: requestID)
            let response = try await route.handler(context)
            guard let structured = try? JSONParser.parse(response.body) else {
                let body: JSONValue = ["body": .string(String(decoding: response.body, as: UTF8.self))]
                return MCPTool.successResult(body, serialized: JSONWriter.serialize(body))
            }
            // Route bodies are JSONWriter's compact sorted output, so they go out as they are.
            return MCPTool.successResult(structured, serialized: response.body)
        } catch let error as APIError {
            return MCPTool.errorResult(error.message, details: error.details)
        } catch let error as WriteIntentStoreError {
            let answer = APIError.storage(error)
            return MCPTool.errorResult(answer.message, details: answer.details)
        } catch {
            // Busy, full or unreadable: say what to do, never SQLite's own message (it can quote values).
            guard let failure = StoreFailure.classify(error), let answer = APIError.storage(failure) else { throw error }
            return MCPTool.errorResult(answer.message, details: answer.details)
        }
    }

    /// The route's request for these arguments, as the HTTP client would have sent it.
    func requestContext(_ arguments: [String: JSONValue], services: AppServices, grant: TokenGrant, requestID: String) throws -> RequestContext {
        var headers = HTTPHeaders([("Host", "mcp")])
        var target = route.path.template
        var pathParameters: [String: String] = [:]
        var body: [UInt8] = []
        switch self.arguments {
        case .body(let fixed):
            var members = arguments
            for (key, value) in fixed { members[key] = value }
            body = JSONWriter.serialize(.object(members))
            headers.add("Content-Type", "application/json")
        case .parameters:
            let pathNames = Set(route.path.parameterNames)
            var query: [String] = []
            for (name, value) in arguments.sorted(by: { $0.key < $1.key }) {
                let text: String
                switch value {
                case .string(let string): text = string
                case .bool(let flag): text = flag ? "true" : "false"
                case .number: text = value.int64Value.map(String.init) ?? String(describing: value.doubleValue ?? 0)
                default:
                    throw APIError.invalidParameter(name, "argument '\(name)' must be a string or a number (got \(value.typeName))", rule: "type")
                }
                if pathNames.contains(name) {
                    pathParameters[name] = text
                    target = target.replacingOccurrences(of: "{\(name)}", with: MCPTool.percentEncoded(text))
                } else {
                    query.append(MCPTool.percentEncoded(name) + "=" + MCPTool.percentEncoded(text))
                }
            }
            for name in pathNames where pathParameters[name] == nil {
                throw APIError.invalidParameter(name, "argument '\(name)' is required", rule: "required")
            }
            if !query.isEmpty { target += "?" + query.joined(separator: "&") }
        }
        let request = HTTPRequest(method: route.method, target: target, headers: headers, body: body)
        return RequestContext(request: request, requestID: requestID, pathParameters: pathParameters, services: services, grant: grant)
    }

    /// A success: the answer as `structuredContent` and its quotable sentence (or, for
    /// answers without one, the JSON) as text for clients that read text only.
    /// `serialized` is `structured` as JSON text: the route's own body, so a large answer
    /// is not written out a second time just to become the text.
    static func successResult(_ structured: JSONValue, serialized: [UInt8]) -> MCPResult {
        let text = structured["text"]?.stringValue ?? String(decoding: serialized, as: UTF8.self)
        return MCPResult(["content": [["type": "text", "text": .string(text)]], "isError": false], structuredContent: serialized)
    }

    /// A tool error naming the field and the rule.
    static func errorResult(_ message: String, details: [String: JSONValue]) -> MCPResult {
        var text = message
        if let field = details["field"]?.stringValue { text += " [field: \(field)" + (details["rule"]?.stringValue.map { ", rule: \($0)" } ?? "") + "]" }
        return MCPResult(["content": [["type": "text", "text": .string(text)]], "isError": true])
    }

    /// RFC 3986 percent-encoding of everything but unreserved characters.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(Character(UnicodeScalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (byte < 16 ? "0" : "") + hex
            }
        }
        return out
    }
}
