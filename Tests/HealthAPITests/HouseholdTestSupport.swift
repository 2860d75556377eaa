import Foundation
import HTTPTransport
import HealthDomain
import JSON
@testable import HealthAPI
@testable import HealthStore

/// A server with three people: the first ("me", the adopted database), alice and bob,
/// each with a token holding every scope but admin, and alice with an admin token too.
final class HouseholdTestApp: Sendable {
    let test: TestApp
    let alice: Person
    let bob: Person
    /// read, intents, ingest and metrics: everything but admin.
    let aliceToken: String
    let bobToken: String
    let aliceAdmin: String

    static let everyScopeButAdmin: Set<Scope> = [.read, .intents, .ingest, .metrics]

    init() throws {
        test = TestApp()
        let server = test.app.household.server
        let now = test.app.services.clock.now()
        alice = try server.add(name: "alice", nowMs: now)
        bob = try server.add(name: "bob", nowMs: now)
        aliceToken = try server.tokens.create(name: "alice-all", personID: alice.id, scopes: Self.everyScopeButAdmin, nowMs: now)
        bobToken = try server.tokens.create(name: "bob-all", personID: bob.id, scopes: Self.everyScopeButAdmin, nowMs: now)
        aliceAdmin = try server.tokens.create(name: "alice-admin", personID: alice.id, scopes: [.admin], nowMs: now)
    }

    var household: Household { test.app.household }

    func send(_ method: HTTPMethod, _ target: String, token: String, body: String? = nil, headers: [(String, String)] = [],
              from address: String = "127.0.0.1") async -> TestApp.Reply {
        await test.send(method, target, headers: headers + [("Authorization", "Bearer \(token)")], body: body, authorized: false, from: address)
    }

    /// The services a person's requests get.
    func services(_ person: Person) async throws -> AppServices {
        try await household.withServices(of: person) { $0 }
    }
}

/// Requests for every route of the table, made up from each operation's own
/// parameters, so a route added later is called without editing the tests.
enum RouteRequests {
    /// A value for each parameter name the routes use; a name not here is left out
    /// unless the operation requires it (then a placeholder is sent).
    static let values: [String: String] = [
        "day": "2026-04-10", "start": "2026-04-01", "end": "2026-04-12", "from": "2026-04-01", "to": "2026-04-12",
        "fromMs": "1775000000000", "toMs": "1775900000000", "metric": "step_count", "type": "step_count",
        "types": "steps,heart_rate", "timezone": "Europe/Berlin", "limit": "500", "include": "values", "format": "json",
        "file": "app.js",
    ]

    /// The path and query for `route`, with `pathValues` for its path parameters.
    static func target(_ route: Route, pathValues: [String: String]) -> String {
        var path = route.path.template
        for name in route.path.parameterNames {
            path = path.replacingOccurrences(of: "{\(name)}", with: pathValues[name] ?? values[name] ?? "unknown-\(name)")
        }
        var query: [String] = []
        for parameter in route.operation.parameters where parameter.location == .query {
            if let value = values[parameter.name] {
                query.append(parameter.name + "=" + value)
            } else if parameter.required {
                query.append(parameter.name + "=x")
            }
        }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    /// The route's documented example body, else an empty object.
    static func body(_ route: Route) -> String? {
        guard route.method == .post || route.method == .put else { return nil }
        guard let example = route.operation.requestBody?.example else { return "{}" }
        return String(decoding: JSONWriter.serialize(example, sortedKeys: true), as: UTF8.self)
    }

    /// MCP tool arguments from the tool's input schema: the table's value for each
    /// property it names.
    static func arguments(_ schema: [String: Any]?) -> [String: Any] {
        guard let properties = schema?["properties"] as? [String: Any] else { return [:] }
        var arguments: [String: Any] = [:]
        for (name, property) in properties {
            guard let value = values[name] else { continue }
            if (property as? [String: Any])?["type"] as? String == "array" {
                arguments[name] = value.split(separator: ",").map(String.init)
            } else if (property as? [String: Any])?["type"] as? String == "integer" {
                arguments[name] = Int(value)
            } else {
                arguments[name] = value
            }
        }
        return arguments
    }

    /// A body with what varies between two identical requests (uptime, request ids, generated ids) taken out.
    static func normalized(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        for key in ["uptime", "uptimeSeconds", "uptime_seconds", "durationMs", "elapsedMs", "query_time_ms"] {
            text = text.replacingOccurrences(of: "\"\(key)\":[0-9.e+-]+", with: "\"\(key)\":0", options: .regularExpression)
        }
        return text.replacingOccurrences(of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "<uuid>",
                                         options: [.regularExpression, .caseInsensitive])
    }
}
