import HTTPTransport
import HealthDomain
import JSON

/// The MCP tools, generated from the route table and the query intents: one tool per
/// intent of `POST /health/query` (its input schema is the intent's schema without the
/// `intent` selector, which the tool's name replaces), plus the metric list and the
/// write-intent routes an agent uses.
struct MCPToolbox: Sendable {
    let tools: [MCPTool]
    private let byName: [String: MCPTool]

    init(routes: [Route]) {
        var tools: [MCPTool] = []
        let byOperation = Dictionary(routes.map { ($0.operation.operationID, $0) }, uniquingKeysWith: { first, _ in first })
        if let query = byOperation["query"] {
            for spec in IntentSpec.all { tools.append(MCPToolbox.intentTool(spec, route: query)) }
        }
        for (name, title, operationID, note) in MCPToolbox.routeTools {
            guard let route = byOperation[operationID] else { continue }
            tools.append(MCPToolbox.routeTool(name: name, title: title, route: route, note: note))
        }
        self.tools = tools
        self.byName = Dictionary(tools.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func tool(named name: String) -> MCPTool? { byName[name] }

    /// Route-backed tools: name, title, operationId, and what an agent should know beyond
    /// the operation's own description.
    static let routeTools: [(String, String, String, String)] = [
        ("list_metrics", "List metrics", "listMetricTypes",
         "Use it to learn which metric names, units and kinds exist and how much data is stored before asking for a metric."),
        ("create_write_intent", "Log a value to Apple Health", "upsertWriteIntent",
         "For example a meal's calories: metric dietary_energy_kcal, unit kcal, a stable externalId such as meal-2026-04-10-lunch. The phone writes it into HealthKit later; summaries show it as queued until then."),
        ("list_write_intents", "List logged values", "listWriteIntents",
         "What was queued for Apple Health and its state (pending, applied, failed, cancelled…)."),
        ("cancel_write_intent", "Cancel a logged value", "cancelWriteIntent",
         "Only while it is not yet written into Apple Health."),
    ]

    /// The output schema of an intent: the named answer where the document has one, else
    /// the common query answer with `kind` fixed to the intent.
    static func outputSchema(for spec: IntentSpec) -> JSONValue {
        // Summaries answer their named shape, or its brief form with `detail: "brief"`.
        func fullOrBrief(_ name: String) -> JSONValue {
            SchemaBundle.bundle(["type": "object", "anyOf": [Schemas.ref(name), Schemas.ref("BriefAnswer")]])
        }
        if let answer = Schemas.judgementAnswerName(spec.name) { return SchemaBundle.bundle(Schemas.ref(answer)) }
        switch spec.name {
        case "daily_summary", "yesterday_summary": return fullOrBrief("DailySummary")
        case "range_summary": return fullOrBrief("RangeSummary")
        default:
            var schema = SchemaBundle.bundle(Schemas.ref("QueryResponse"))
            if case .object(var members) = schema, case .object(var properties) = members["properties"] ?? .null {
                properties["kind"] = ["type": "string", "const": .string(spec.name), "description": "The intent answered."]
                members["properties"] = .object(properties)
                schema = .object(members)
            }
            return schema
        }
    }

    static func intentTool(_ spec: IntentSpec, route: Route) -> MCPTool {
        var input = spec.schema
        if case .object(var members) = input {
            if case .object(var properties) = members["properties"] ?? .null {
                properties["intent"] = nil
                members["properties"] = .object(properties)
            }
            members["required"] = .array((members["required"]?.arrayValue ?? []).filter { $0 != "intent" })
            // The examples carry the selector; the tool's name is the selector here.
            members["examples"] = .array((members["examples"]?.arrayValue ?? []).map { example in
                guard case .object(var fields) = example else { return example }
                fields["intent"] = nil
                return .object(fields)
            })
            members["title"] = nil
            input = .object(members)
        }
        let title = spec.name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        var description = spec.summary
        if let maxDays = spec.maxDays { description += " Ranges may span at most \(maxDays) days." }
        description += " Dates are local dates (YYYY-MM-DD) in `timezone`. Missing data is reported as no_data, never as 0."
        return MCPTool(name: spec.name, title: title, description: description, inputSchema: input,
                       outputSchema: outputSchema(for: spec), route: route, arguments: .body(fixed: ["intent": .string(spec.name)]))
    }

    static func routeTool(name: String, title: String, route: Route, note: String) -> MCPTool {
        let operation = route.operation
        let input: JSONValue
        let arguments: MCPTool.Arguments
        if let body = operation.requestBody {
            input = SchemaBundle.bundle(body.schema)
            arguments = .body(fixed: [:])
        } else {
            var properties: [String: JSONValue] = [:]
            var required: [JSONValue] = []
            for parameter in operation.parameters where parameter.location != .header {
                var schema = parameter.schema
                if case .object(var members) = schema, members["description"] == nil {
                    members["description"] = .string(parameter.description)
                    schema = .object(members)
                }
                properties[parameter.name] = schema
                if parameter.required || parameter.location == .path { required.append(.string(parameter.name)) }
            }
            input = ["type": "object", "properties": .object(properties), "required": .array(required), "additionalProperties": false]
            arguments = .parameters
        }
        let output = SchemaBundle.bundle(operation.responses[200]?.schema ?? ["type": "object"])
        return MCPTool(name: name, title: title, description: "\(operation.summary). \(operation.description) \(note)",
                       inputSchema: input, outputSchema: output, route: route, arguments: arguments)
    }
}
