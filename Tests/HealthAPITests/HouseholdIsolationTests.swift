import Foundation
import Testing
import HTTPTransport
import JSON
@testable import HealthAPI
@testable import HealthStore

/// With two people on one server, every route of the table and every MCP tool called
/// with alice's token answers the same whatever bob holds, and never shows bob's data.
@Suite struct HouseholdIsolationTests {
    static let bobSource = "BobsSecretWatch"
    static let bobSteps = "31337"
    static let aliceSource = "AliceWatch"
    static let sharedExternalID = "same-intent-id"

    /// Bob's samples (by two adapters' worth of metrics) and a write intent.
    static func storeBobsData(_ house: HouseholdTestApp) async throws {
        let samples = [sampleJSON("bob-steps", value: 31337, source: Self.bobSource),
                       sampleJSON("bob-hr", metric: "heart_rate", start: 1_775_809_000_000, minutes: 1, value: 173, unit: "count/min", source: Self.bobSource)]
        let ingest = await house.send(.post, "/health/ingest", token: house.bobToken, body: body(samples))
        #expect(ingest.status == 200)
        let intent = await house.send(.post, "/health/write-intents", token: house.bobToken, body: Self.intentBody(externalID: Self.sharedExternalID, note: Self.bobSource))
        #expect(intent.status == 201 || intent.status == 200, "\(intent.status) \(String(decoding: intent.response.body, as: UTF8.self))")
    }

    static func intentBody(externalID: String, note: String) -> String {
        var object = (try? JSONSerialization.jsonObject(with: Data(JSONWriter.serialize(Schemas.writeIntentExample)))) as? [String: Any] ?? [:]
        object["externalId"] = externalID
        if var payload = object["payload"] as? [String: Any] {
            payload["note"] = note
            object["payload"] = payload
        }
        return String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// What alice sees on every read-only route and tool, by route.
    static func readEverything(_ house: HouseholdTestApp, token: String) async -> [String: String] {
        var seen: [String: String] = [:]
        for route in house.test.app.router.routes where route.method == .get {
            // /metrics counts the whole server's requests (no person's values); it is
            // checked for bob's values below, not for equal counts.
            guard route.path.template != "/metrics" else { continue }
            let target = RouteRequests.target(route, pathValues: ["externalId": Self.sharedExternalID])
            let reply = await house.send(.get, target, token: token)
            seen["GET " + target] = "\(reply.status) " + RouteRequests.normalized(reply.response.body)
        }
        for tool in await Self.tools(house, token: token) where tool.readOnly {
            seen["tool " + tool.name] = RouteRequests.normalized(await Self.callTool(house, token: token, name: tool.name, schema: tool.schema).response.body)
        }
        return seen
    }

    struct Tool { var name: String; var readOnly: Bool; var schema: [String: Any]? }

    static func tools(_ house: HouseholdTestApp, token: String) async -> [Tool] {
        let list = await house.test.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#, token: token)
        let tools = (list.json["result"] as? [String: Any])?["tools"] as? [[String: Any]] ?? []
        return tools.map { tool in
            Tool(name: tool["name"] as? String ?? "", readOnly: (tool["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool ?? false,
                 schema: tool["inputSchema"] as? [String: Any])
        }
    }

    static func callTool(_ house: HouseholdTestApp, token: String, name: String, schema: [String: Any]?) async -> TestApp.Reply {
        let message: [String: Any] = ["jsonrpc": "2.0", "id": 2, "method": "tools/call",
                                      "params": ["name": name, "arguments": RouteRequests.arguments(schema)]]
        let text = String(decoding: try! JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]), as: UTF8.self)
        return await house.test.mcp(text, token: token)
    }

    /// Whether anything of bob's shows in an answer.
    static func leaks(_ reply: TestApp.Reply, bob: Person) -> [String] {
        let text = String(decoding: reply.response.body, as: UTF8.self)
        let headers = reply.response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
        var found: [String] = []
        for marker in [Self.bobSource, bob.id] where text.contains(marker) || headers.contains(marker) { found.append(marker) }
        if RouteRequests.normalized(reply.response.body).contains(Self.bobSteps) { found.append(Self.bobSteps) }
        return found
    }

    @Test(arguments: ["alice", "alice-admin"])
    func everyRouteAndToolAnswersAliceTheSameWhateverBobHolds(tokenName: String) async throws {
        let house = try HouseholdTestApp()
        let token = tokenName == "alice" ? house.aliceToken : house.aliceAdmin
        let aliceSamples = [sampleJSON("alice-steps", value: 1200, source: Self.aliceSource)]
        #expect(await house.send(.post, "/health/ingest", token: house.aliceToken, body: body(aliceSamples)).status == 200)
        let aliceIntent = await house.send(.post, "/health/write-intents", token: house.aliceToken,
                                           body: Self.intentBody(externalID: Self.sharedExternalID, note: Self.aliceSource))
        #expect(aliceIntent.status == 201 || aliceIntent.status == 200)

        let before = await Self.readEverything(house, token: token)
        try await Self.storeBobsData(house)
        let after = await Self.readEverything(house, token: token)

        #expect(before.count > 20, "every GET route and read-only tool was called: \(before.count)")
        #expect(before.keys.contains { $0.hasPrefix("tool ") })
        // The calls reach data: alice's own shows in many answers, so an unchanged answer means something.
        let showingAlice = before.filter { $0.value.contains(Self.aliceSource) || $0.value.contains("1200") }.map(\.key).sorted()
        #expect(showingAlice.count >= 8, "\(showingAlice)")
        for key in before.keys.sorted() {
            #expect(before[key] == after[key], "\(key) changed when bob's data arrived")
        }
        // Bob's data is there, for bob.
        let bobsRaw = await house.send(.get, "/health/raw?metric=step_count&fromMs=1775000000000&toMs=1775900000000", token: house.bobToken)
        #expect(String(decoding: bobsRaw.response.body, as: UTF8.self).contains(Self.bobSource))

        // Every route, every method (writes included), and every tool: nothing of bob's.
        var calls = 0
        for route in house.test.app.router.routes {
            let target = RouteRequests.target(route, pathValues: ["externalId": Self.sharedExternalID])
            let reply = await house.send(route.method, target, token: token, body: RouteRequests.body(route))
            calls += 1
            // Admin-only routes describe the server (the people list names everyone, by design):
            // an admin token may act for anyone anyway. A person's token is refused there.
            if route.scope == .admin && !route.isPublic {
                if token == house.aliceToken { #expect(reply.status == 403, "\(target)") }
                continue
            }
            #expect(Self.leaks(reply, bob: house.bob).isEmpty, "\(route.method.rawValue) \(target) shows bob's \(Self.leaks(reply, bob: house.bob))")
        }
        for tool in await Self.tools(house, token: token) {
            let reply = await Self.callTool(house, token: token, name: tool.name, schema: tool.schema)
            #expect(Self.leaks(reply, bob: house.bob).isEmpty, "tool \(tool.name) shows bob's \(Self.leaks(reply, bob: house.bob))")
            calls += 1
        }
        #expect(calls == house.test.app.router.routes.count + (await Self.tools(house, token: token)).count)
    }

    @Test func writeIntentsForAliceAreNeverPendingForBob() async throws {
        let house = try HouseholdTestApp()
        let created = await house.send(.post, "/health/write-intents", token: house.aliceToken, body: Self.intentBody(externalID: "alice-meal", note: Self.aliceSource))
        #expect(created.status == 201 || created.status == 200)
        let bobs = await house.send(.get, "/health/write-intents/pending", token: house.bobToken)
        #expect(bobs.status == 200)
        #expect(!String(decoding: bobs.response.body, as: UTF8.self).contains("alice-meal"))
        let alices = await house.send(.get, "/health/write-intents/pending", token: house.aliceToken)
        #expect(String(decoding: alices.response.body, as: UTF8.self).contains("alice-meal"))
        // Bob cannot see, acknowledge or cancel it by its id either.
        #expect(await house.send(.get, "/health/write-intents/alice-meal", token: house.bobToken).status == 404)
        #expect(await house.send(.post, "/health/write-intents/alice-meal/cancel", token: house.bobToken).status == 404)
        let bobServices = try await house.services(house.bob)
        #expect(try await bobServices.intents.pending(nowMs: house.test.app.services.clock.now(), after: nil, limit: 100).intents.isEmpty)
    }

    @Test func anAdminNamesAPersonAndReachesOnlyThem() async throws {
        let house = try HouseholdTestApp()
        try await Self.storeBobsData(house)
        let raw = "/health/raw?metric=step_count&fromMs=1775000000000&toMs=1775900000000"
        for token in [house.aliceAdmin, TestApp.token] {
            let asBob = await house.send(.get, raw, token: token, headers: [("X-Healthd-Person", "bob")])
            #expect(asBob.status == 200)
            #expect(String(decoding: asBob.response.body, as: UTF8.self).contains(Self.bobSource))
            let byID = await house.send(.get, raw, token: token, headers: [("X-Healthd-Person", house.bob.id)])
            #expect(String(decoding: byID.response.body, as: UTF8.self).contains(Self.bobSource))
        }
        // Without the header: the admin token's own person; the configured token the first person.
        #expect(!String(decoding: await house.send(.get, raw, token: house.aliceAdmin).response.body, as: UTF8.self).contains(Self.bobSource))
        #expect(!String(decoding: await house.send(.get, raw, token: TestApp.token).response.body, as: UTF8.self).contains(Self.bobSource))
    }

    @Test func anAdminNamingNobodyGets404OnEveryProtectedRoute() async throws {
        let house = try HouseholdTestApp()
        var checked = 0
        for route in house.test.app.router.routes where !route.isPublic {
            let target = RouteRequests.target(route, pathValues: [:])
            for token in [house.aliceAdmin, TestApp.token] {
                let reply = await house.send(route.method, target, token: token, body: RouteRequests.body(route), headers: [("X-Healthd-Person", "nobody")])
                #expect(reply.status == 404, "\(route.method.rawValue) \(target)")
                #expect(reply.errorCode == "NOT_FOUND")
                #expect(reply.errorDetails?["field"] as? String == "X-Healthd-Person")
            }
            checked += 1
        }
        #expect(checked > 30)
    }

    @Test func aPersonsTokenNamingSomeoneElseIsRefusedEverywhere() async throws {
        let house = try HouseholdTestApp()
        try await Self.storeBobsData(house)
        for route in house.test.app.router.routes where !route.isPublic {
            let target = RouteRequests.target(route, pathValues: [:])
            let reply = await house.send(route.method, target, token: house.aliceToken, body: RouteRequests.body(route), headers: [("X-Healthd-Person", "bob")])
            #expect(reply.status == 403 || (route.scope.map { !TokenGrant(name: nil, scopes: HouseholdTestApp.everyScopeButAdmin).allows($0) } ?? false),
                    "\(route.method.rawValue) \(target): \(reply.status)")
            #expect(Self.leaks(reply, bob: house.bob).isEmpty)
        }
        // Naming oneself is allowed.
        #expect(await house.send(.get, "/health/types", token: house.aliceToken, headers: [("X-Healthd-Person", "alice")]).status == 200)
    }

    @Test func aRemovedPersonsTokenIs401Everywhere() async throws {
        let house = try HouseholdTestApp()
        try await Self.storeBobsData(house)
        try house.household.server.remove(name: "bob")
        var checked = 0
        for route in house.test.app.router.routes where !route.isPublic || route.verifiesPresentedCredentials {
            let target = RouteRequests.target(route, pathValues: [:])
            let reply = await house.send(route.method, target, token: house.bobToken, body: RouteRequests.body(route), from: "10.0.0.\(checked % 250)")
            #expect(reply.status == 401, "\(route.method.rawValue) \(target): \(reply.status)")
            #expect(reply.errorCode == "UNAUTHORIZED")
            checked += 1
        }
        #expect(checked > 30)
        // Through HealthSave's x-api-key as well.
        let key = await house.test.send(.get, "/health", headers: [("x-api-key", house.bobToken)], authorized: false)
        #expect(key.status == 401)
    }

    @Test func anUploadForSomeoneElseIsRefusedBeforeItsBodyIsSpooled() async throws {
        let house = try HouseholdTestApp()
        func head(_ token: String, person: String?) -> HTTPRequest {
            var fields = [("Host", "localhost"), ("Authorization", "Bearer \(token)"), ("Content-Type", "application/zip")]
            if let person { fields.append(("X-Healthd-Person", person)) }
            return HTTPRequest(method: .post, target: "/health/import", headers: HTTPHeaders(fields), body: [], remoteAddress: "127.0.0.1")
        }
        #expect(await house.test.app.handler.admit(head(house.aliceToken, person: "bob"))?.status.code == 403)
        #expect(await house.test.app.handler.admit(head(house.aliceAdmin, person: "nobody"))?.status.code == 404)
        #expect(await house.test.app.handler.admit(head(house.aliceToken, person: nil)) == nil)
        #expect(await house.test.app.handler.admit(head(house.aliceAdmin, person: "bob")) == nil)
    }
}
