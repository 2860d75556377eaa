import Foundation
import HealthDomain
import JSON
import Testing
@testable import HealthAPI

/// The judgement intents as MCP tools.
@Suite struct JudgementMCPTests {
    @Test func judgementToolsAreListedWithTheirInputSchemas() async throws {
        let app = TestApp()
        let list = await app.mcp(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        let tools = try #require((list.json["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        let expected: [String: (required: [String], properties: [String])] = [
            "readiness": ([], ["date", "timezone", "detail"]),
            "anomalies": (["from", "to"], ["from", "to", "metrics", "threshold", "timezone", "detail"]),
            "records": (["metric"], ["metric", "from", "to", "goal", "timezone", "detail"]),
            "correlation": (["metricA", "metricB", "from", "to"], ["metricA", "metricB", "from", "to", "lagDays", "timezone", "detail"]),
        ]
        for (name, shape) in expected {
            let tool = try #require(tools.first { $0["name"] as? String == name }, "\(name) is not listed")
            let input = try #require(tool["inputSchema"] as? [String: Any])
            #expect(Set((input["properties"] as? [String: Any] ?? [:]).keys) == Set(shape.properties), "\(name)")
            #expect(Set(input["required"] as? [String] ?? []) == Set(shape.required), "\(name)")
            #expect((tool["outputSchema"] as? [String: Any])?["type"] as? String == "object")
            #expect((tool["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool == true)
        }
        // Every intent tool takes detail, with its enum.
        for tool in tools where IntentSpec.named(tool["name"] as? String ?? "") != nil {
            let detail = ((tool["inputSchema"] as? [String: Any])?["properties"] as? [String: Any])?["detail"] as? [String: Any]
            #expect(detail?["enum"] as? [String] == ["brief", "full"], "\(tool["name"] ?? "")")
        }
    }

    @Test func readinessThroughMCPIsTheRouteAnswer() async throws {
        let (app, _) = await JudgementHistory.app()
        let day = JudgementHistory.strainDay
        let reply = await app.mcp(#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"readiness","arguments":{"date":"\#(day)","timezone":"Europe/Berlin"}}}"#)
        #expect(reply.status == 200)
        let result = try #require(reply.json["result"] as? [String: Any])
        #expect(result["isError"] as? Bool == false)
        let structured = try #require(result["structuredContent"] as? [String: Any])
        #expect(structured["kind"] as? String == "readiness" && structured["status"] as? String == "scored")
        let text = (result["content"] as? [[String: Any]])?.first?["text"] as? String
        #expect(text == structured["text"] as? String && text?.hasPrefix("Readiness ") == true)
        let route = await app.query(#"{"intent":"readiness","date":"\#(day)","timezone":"Europe/Berlin"}"#)
        #expect(structured["score"] as? Int == route.json["score"] as? Int)
        // A wrong argument is a tool error naming the field and the rule.
        let wrong = await app.mcp(#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"readiness","arguments":{"detail":"everything"}}}"#)
        let error = try #require(wrong.json["result"] as? [String: Any])
        #expect(error["isError"] as? Bool == true)
        #expect(((error["content"] as? [[String: Any]])?.first?["text"] as? String)?.contains("field: detail, rule: enum") == true)
    }
}
