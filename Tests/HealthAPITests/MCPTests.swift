import Foundation
import Testing
import HTTPTransport
import JSON
@testable import HealthAPI
@testable import HealthStore

extension TestApp {
    /// Posts one JSON-RPC message to /mcp.
    func mcp(_ message: String, token: String? = nil, headers: [(String, String)] = []) async -> Reply {
        if let token { return await send(.post, "/mcp", token: token, body: message, headers: headers) }
        return await send(.post, "/mcp", headers: headers, body: message)
    }
}

@Suite struct MCPTests {
    static let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
    static func modernHeaders(_ method: String, name: String? = nil) -> [(String, String)] {
        [("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", method)] + (name.map { [("Mcp-Name", $0)] } ?? [])
    }

    @Test func initializeNegotiatesAndIssuesASession() async {
        let app = TestApp()
        let reply = await app.mcp(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#)
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/json")
        #expect(reply.header("Mcp-Session-Id")?.count == 32)
        let result = reply.json["result"] as? [String: Any]
        #expect(result?["protocolVersion"] as? String == "2025-11-25")
        #expect((result?["capabilities"] as? [String: Any])?["tools"] != nil)
        let initialized = await app.mcp(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        #expect(initialized.status == 202)
        #expect(initialized.response.body.isEmpty)
        #expect(await app.send(.get, "/mcp").status == 405)
    }

    /// The header's documented revisions are the ones taken, a notification included: an
    /// unsupported one is a 400 there too, never an accepted 202.
    @Test func anUnsupportedProtocolVersionHeaderIsRefusedOnNotifications() async {
        let app = TestApp()
        let notification = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#
        for version in MCPServer.acceptedHeaderVersions {
            #expect(await app.mcp(notification, headers: [("MCP-Protocol-Version", version)]).status == 202, "\(version)")
        }
        let refused = await app.mcp(notification, headers: [("MCP-Protocol-Version", "1999-01-01")])
        #expect(refused.status == 400)
        #expect((refused.json["error"] as? [String: Any])?["code"] as? Int == -32600)
        let request = await app.mcp(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#, headers: [("MCP-Protocol-Version", "1999-01-01")])
        #expect(request.status == 400)
        #expect(await app.mcp(#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#, headers: [("MCP-Protocol-Version", "2024-11-05")]).status == 200)
    }

    @Test func missingInvalidAndForeignOriginRequestsAreRefused() async throws {
        let app = TestApp()
        let list = #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#
        #expect(await app.send(.post, "/mcp", body: list, authorized: false).status == 401)
        #expect(await app.mcp(list, token: "hd_not-a-token").status == 401)
        let foreign = await app.mcp(list, headers: [("Origin", "https://evil.example")])
        #expect(foreign.status == 403)
        #expect(foreign.errorDetails?["field"] as? String == "Origin")
        #expect(await app.mcp(list, headers: [("Origin", "http://localhost")]).status == 200)
        let phone = try app.token("phone", [.ingest])
        #expect(await app.mcp(list, token: phone).status == 403)
    }

    @Test func malformedMessagesGetJSONRPCErrorsNeverA500() async {
        let app = TestApp()
        func code(_ reply: TestApp.Reply) -> Int? { (reply.json["error"] as? [String: Any])?["code"] as? Int }
        let parse = await app.mcp("{not json")
        #expect(parse.status == 400 && code(parse) == -32700)
        let batch = await app.mcp(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
        #expect(batch.status == 400 && code(batch) == -32600)
        let badID = await app.mcp(#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#)
        #expect(badID.status == 400 && code(badID) == -32600)
        let unknown = await app.mcp(#"{"jsonrpc":"2.0","id":2,"method":"resources/list"}"#)
        #expect(unknown.status == 404 && code(unknown) == -32601)
        let noTool = await app.mcp(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"drop_tables"}}"#)
        #expect(noTool.status == 400 && code(noTool) == -32602)
        #expect(await app.mcp(#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#).status == 200)
    }

    @Test func statelessRevisionChecksHeadersAgainstTheBody() async {
        let app = TestApp()
        func code(_ reply: TestApp.Reply) -> Int? { (reply.json["error"] as? [String: Any])?["code"] as? Int }
        let discover = await app.mcp(#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{\#(MCPTests.meta)}}"#,
                                     headers: MCPTests.modernHeaders("server/discover"))
        let result = discover.json["result"] as? [String: Any]
        #expect(discover.status == 200)
        #expect(result?["resultType"] as? String == "complete")
        #expect((result?["supportedVersions"] as? [String])?.contains("2026-07-28") == true)
        let list = await app.mcp(#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{\#(MCPTests.meta)}}"#, headers: MCPTests.modernHeaders("tools/list"))
        let listed = list.json["result"] as? [String: Any]
        #expect(listed?["cacheScope"] as? String == "private")
        #expect(listed?["ttlMs"] as? Int == MCPServer.listTTLMilliseconds)
        let wrongMethod = await app.mcp(#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{\#(MCPTests.meta)}}"#, headers: MCPTests.modernHeaders("tools/call"))
        #expect(wrongMethod.status == 400 && code(wrongMethod) == -32020)
        let wrongName = await app.mcp(#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_metrics",\#(MCPTests.meta)}}"#,
                                      headers: MCPTests.modernHeaders("tools/call", name: "daily_summary"))
        #expect(wrongName.status == 400 && code(wrongName) == -32020)
        let noMeta = await app.mcp(#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#, headers: MCPTests.modernHeaders("tools/list"))
        #expect(noMeta.status == 400 && code(noMeta) == -32602)
        let unknown = await app.mcp(#"{"jsonrpc":"2.0","id":6,"method":"nope/nothing","params":{\#(MCPTests.meta)}}"#, headers: MCPTests.modernHeaders("nope/nothing"))
        #expect(unknown.status == 404 && code(unknown) == -32601)
        let future = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}"#
        let unsupported = await app.mcp(#"{"jsonrpc":"2.0","id":7,"method":"server/discover","params":{\#(future)}}"#,
                                        headers: [("MCP-Protocol-Version", "2099-01-01"), ("Mcp-Method", "server/discover")])
        #expect(unsupported.status == 400 && code(unsupported) == -32022)
    }

    @Test func readOnlyTokenCallingAWriteToolGetsAToolErrorAndNothingIsQueued() async throws {
        let app = TestApp()
        let viewer = try app.token("viewer", [.read])
        let meal = String(decoding: JSONWriter.serialize(Schemas.writeIntentExample), as: UTF8.self)
        let reply = await app.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_write_intent","arguments":\#(meal)}}"#, token: viewer)
        let result = reply.json["result"] as? [String: Any]
        #expect(reply.status == 200)
        #expect(result?["isError"] as? Bool == true)
        #expect(((result?["content"] as? [[String: Any]])?.first?["text"] as? String)?.contains("'intents' scope") == true)
        #expect(try await app.count("write_intents") == 0)
        // Its tool list shows only what it may call.
        let list = await app.mcp(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#, token: viewer)
        let names = ((list.json["result"] as? [String: Any])?["tools"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains("daily_summary") && !names.contains("create_write_intent"))
        // An agent token queues it.
        let agent = try app.token("agent", [.read, .intents])
        let queued = await app.mcp(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_write_intent","arguments":\#(meal)}}"#, token: agent)
        #expect((queued.json["result"] as? [String: Any])?["isError"] as? Bool == false)
        #expect(try await app.count("write_intents") == 1)
    }

    @Test func wrongArgumentIsAToolErrorNamingFieldAndRule() async {
        let app = TestApp()
        let reply = await app.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"range_summary","arguments":{"from":"2026-04-09","to":"2026-04-01"}}}"#)
        let result = reply.json["result"] as? [String: Any]
        #expect(result?["isError"] as? Bool == true)
        #expect(result?["structuredContent"] == nil)
        let text = (result?["content"] as? [[String: Any]])?.first?["text"] as? String ?? ""
        #expect(text.contains("field: from") && text.contains("rule: order"))
    }

    @Test func aToolAnswerCarriesTheRouteAnswerAsWrittenInCanonicalForm() async throws {
        let app = TestApp()
        for (tool, arguments, intentBody) in [
            ("range_summary", #"{"from":"2026-04-01","to":"2026-04-07"}"#, #"{"intent":"range_summary","from":"2026-04-01","to":"2026-04-07"}"#),
            ("metric_series", #"{"metric":"step_count","from":"2026-04-01","to":"2026-04-07"}"#, #"{"intent":"metric_series","metric":"step_count","from":"2026-04-01","to":"2026-04-07"}"#),
        ] {
            let reply = await app.mcp(#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments),\#(MCPTests.meta)}}"#,
                                      headers: MCPTests.modernHeaders("tools/call", name: tool))
            #expect(reply.status == 200)
            let bytes = reply.response.body
            // The answer is spliced in unparsed; the whole is still exactly what the writer makes.
            let parsed = try JSONParser.parse(bytes)
            #expect(JSONWriter.serialize(parsed) == bytes)
            #expect(parsed["result"]?["resultType"] == "complete")
            #expect(parsed["result"]?["isError"] == false)
            let route = await app.send(.post, "/health/query", body: intentBody)
            #expect(route.status == 200)
            let answer = try JSONParser.parse(route.response.body)
            #expect(parsed["result"]?["structuredContent"] == answer)
            // The text is the answer's sentence, or its JSON when it has none.
            let text = parsed["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue
            #expect(text == (answer["text"]?.stringValue ?? String(decoding: route.response.body, as: UTF8.self)))
        }
    }

    @Test func aResultWhoseMembersSortAfterTheAnswerIsWrittenWhole() throws {
        let result = MCPResult(["content": [], "zeta": 1], structuredContent: Array(#"{"b":1,"a":[2]}"#.utf8))
        let bytes = result.response(id: 3)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"id":3,"jsonrpc":"2.0","result":{"content":[],"structuredContent":{"a":[2],"b":1},"zeta":1}}"#)
        let spliced = MCPResult([:], structuredContent: Array(#"{"a":1}"#.utf8)).response(id: "x")
        #expect(String(decoding: spliced, as: UTF8.self) == #"{"id":"x","jsonrpc":"2.0","result":{"structuredContent":{"a":1}}}"#)
    }

    @Test func toolsMirrorTheIntentsAndTheirSchemas() throws {
        let toolbox = MCPToolbox(routes: HealthApp.apiRoutes(documentProvider: { [] }))
        #expect(toolbox.tools.map(\.name) == IntentSpec.all.map(\.name) + ["list_metrics", "create_write_intent", "list_write_intents", "cancel_write_intent"])
        for spec in IntentSpec.all {
            let tool = try #require(toolbox.tool(named: spec.name))
            var expected = spec.schema.objectValue ?? [:]
            var properties = expected["properties"]?.objectValue ?? [:]
            properties["intent"] = nil
            expected["properties"] = .object(properties)
            #expect(tool.inputSchema["properties"] == expected["properties"])
            #expect(tool.inputSchema["required"]?.arrayValue?.contains("intent") == false)
            #expect(tool.outputSchema["type"] == "object")
            #expect(tool.isReadOnly)
        }
        // Self-contained: every reference points into the schema's own $defs.
        let create = try #require(toolbox.tool(named: "create_write_intent"))
        let text = String(decoding: JSONWriter.serialize(create.outputSchema), as: UTF8.self)
        #expect(!text.contains("#/components/"))
        #expect(create.outputSchema["$defs"]?["WriteIntent"] != nil)
        #expect(!create.isReadOnly && create.scope == .intents)
    }
}
