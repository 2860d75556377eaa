import Foundation
import Testing
import HTTPTransport
import JSON
@testable import HealthAPI
@testable import HealthStore

extension TestApp {
    /// A named token created as `healthd token create` does.
    func token(_ name: String, _ scopes: Set<Scope>) throws -> String {
        try app.household.tokens.create(name: name, personID: app.household.firstPersonID, scopes: scopes, nowMs: 1_775_800_000_000)
    }

    /// Sends with `token` instead of the configured one.
    func send(_ method: HTTPMethod, _ target: String, token: String, body: String? = nil, headers: [(String, String)] = []) async -> Reply {
        await send(method, target, headers: headers + [("Authorization", "Bearer \(token)")], body: body, authorized: false)
    }

    /// Rows in a table, to show that a refused request stored nothing.
    func count(_ table: String) async throws -> Int64 {
        try await store.pool.read { db in try db.queryFirst("SELECT count(*) FROM \(table)", []) { $0.int64(0) } ?? -1 }
    }
}

@Suite struct TokenScopeTests {
    static let meal = String(decoding: JSONWriter.serialize(Schemas.writeIntentExample), as: UTF8.self)

    @Test func scopeListsParseAndNameTheUnknownOne() throws {
        #expect(try Scope.parseList("read,intents") == [.read, .intents])
        #expect(try Scope.parseList(" ingest ") == [.ingest])
        #expect(Scope.listText([.intents, .read]) == "read,intents")
        #expect(throws: ScopeListError(name: "write")) { try Scope.parseList("read,write") }
        #expect(throws: ScopeListError(name: "")) { try Scope.parseList("read,") }
        #expect(TokenGrant(name: "a", scopes: [.admin]).allows(.ingest))
        #expect(!TokenGrant(name: "a", scopes: [.read]).allows(.intents))
    }

    @Test func ingestTokenIsRefusedOnSummariesWith403NamingTheScope() async throws {
        let app = TestApp()
        let phone = try app.token("phone", [.ingest])
        let reply = await app.send(.get, "/health/summary/daily?day=2026-04-09", token: phone)
        #expect(reply.status == 403)
        #expect(reply.errorCode == "FORBIDDEN")
        #expect(reply.errorDetails?["scope"] as? String == "read")
        #expect(reply.errorDetails?["tokenScopes"] as? [String] == ["ingest"])
        #expect(reply.header("WWW-Authenticate")?.contains("insufficient_scope") == true)
        // The same token may ingest.
        let ingest = await app.send(.post, "/health/ingest", token: phone, body: body([sampleJSON("a")]))
        #expect(ingest.status == 200)
    }

    @Test func agentTokenIsRefusedOnIngestAndNothingIsStored() async throws {
        let app = TestApp()
        let agent = try app.token("agent", [.read, .intents])
        let reply = await app.send(.post, "/health/ingest", token: agent, body: body([sampleJSON("a")]))
        #expect(reply.status == 403)
        #expect(reply.errorDetails?["scope"] as? String == "ingest")
        #expect(try await app.count("samples") == 0)
        let pending = await app.send(.get, "/health/write-intents/pending", token: agent)
        #expect(pending.status == 403)
        // What the agent may do.
        #expect(await app.send(.post, "/health/query", token: agent, body: #"{"intent":"yesterday_summary"}"#).status == 200)
        #expect(await app.send(.post, "/health/write-intents", token: agent, body: TokenScopeTests.meal).status == 200)
        #expect(try await app.count("write_intents") == 1)
    }

    @Test func readOnlyTokenCannotQueueAWriteIntent() async throws {
        let app = TestApp()
        let viewer = try app.token("viewer", [.read])
        let reply = await app.send(.post, "/health/write-intents", token: viewer, body: TokenScopeTests.meal)
        #expect(reply.status == 403)
        #expect(reply.errorDetails?["scope"] as? String == "intents")
        #expect(try await app.count("write_intents") == 0)
        #expect(await app.send(.get, "/health/write-intents", token: viewer).status == 200)
    }

    @Test func revokedTokenIsRefusedOnItsNextRequest() async throws {
        let app = TestApp()
        let agent = try app.token("agent", [.read])
        #expect(await app.send(.get, "/health/capabilities", token: agent).status == 200)
        try app.app.household.tokens.revoke(name: "agent")
        let reply = await app.send(.get, "/health/capabilities", token: agent)
        #expect(reply.status == 401)
        #expect(reply.errorCode == "UNAUTHORIZED")
        #expect(throws: TokenStore.Failure.unknownName("agent")) { try app.app.household.tokens.revoke(name: "agent") }
    }

    @Test func unknownTokenIs401AndCountsTowardsTheThrottle() async throws {
        // No allowance comes back during the test, however slowly a loaded machine runs it.
        let app = TestApp {
            $0.authFailureBurst = 2
            $0.authFailureRefillSeconds = 3_600
        }
        _ = try app.token("agent", [.read])
        let guess = "hd_" + String(repeating: "0", count: 64)
        #expect(await app.send(.get, "/health/capabilities", token: guess).status == 401)
        #expect(await app.send(.get, "/health/capabilities", token: guess).status == 401)
        #expect(await app.send(.get, "/health/capabilities", token: guess).status == 429)
    }

    @Test func configuredTokenStaysAdmin() async {
        let app = TestApp()
        #expect(await app.send(.post, "/health/ingest", body: body([sampleJSON("a")])).status == 200)
        #expect(await app.send(.get, "/health/summary/daily?day=2026-04-09").status == 200)
        #expect(await app.send(.post, "/health/write-intents", body: TokenScopeTests.meal).status == 200)
    }

    @Test func tokensAreStoredOnlyAsHashesAndNamesAreUnique() async throws {
        let app = TestApp()
        let token = try app.token("agent", [.read, .intents])
        #expect(token.hasPrefix("hd_") && token.count == 67)
        let stored = try await app.app.household.server.pool.read { db in
            try db.query("SELECT name, token_hash, scopes FROM api_tokens", []) { [$0.text(0), $0.text(1), $0.text(2)] }
        }
        #expect(stored == [["agent", SHA256.hex(Array(token.utf8)), "read,intents"]])
        #expect(throws: TokenStore.Failure.duplicateName("agent")) { try app.token("agent", [.read]) }
        #expect(throws: TokenStore.Failure.invalidName("a b")) { try app.token("a b", [.read]) }
        #expect(try app.app.household.tokens.list().map(\.name) == ["agent"])
    }

    @Test func everyProtectedOperationDeclaresItsScopeInTheDocument() throws {
        let document = try JSONParser.parse(HealthApp.generatedOpenAPIDocument())
        func scope(_ path: String, _ method: String) -> String? {
            document["paths"]?[path]?[method]?["security"]?.arrayValue?.first?["bearerAuth"]?.arrayValue?.first?.stringValue
        }
        #expect(scope("/health/summary/daily", "get") == "read")
        #expect(scope("/health/query", "post") == "read")
        #expect(scope("/health/ingest", "post") == "ingest")
        #expect(scope("/api/apple/batch", "post") == "ingest")
        #expect(scope("/health/write-intents", "post") == "intents")
        #expect(scope("/health/write-intents", "get") == "read")
        #expect(scope("/health/write-intents/pending", "get") == "ingest")
        #expect(scope("/health/write-intents/{externalId}/cancel", "post") == "intents")
        for route in HealthApp.routes(documentProvider: { [] }) where !route.isPublic {
            #expect(route.scope != nil, "\(route.method) \(route.path) declares no scope")
        }
    }
}
