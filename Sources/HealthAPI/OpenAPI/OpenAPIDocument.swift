import HealthDomain

/// Generates the OpenAPI 3.1 document from the route table: the same routes that serve
/// requests describe themselves, so the document cannot drift from the server.
public enum OpenAPIDocument {
    public static func generate(routes: [Route], version: String = HealthAPIVersion.current) -> JSONValue {
        var paths: [String: JSONValue] = [:]
        for route in routes {
            var item = paths[route.path.template]?.objectValue ?? [:]
            item[route.method.rawValue.lowercased()] = operation(route)
            paths[route.path.template] = .object(item)
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "healthd",
                "version": .string(version),
                "description": "A self-hosted personal health API: an iPhone pushes Apple Health samples, the server keeps every raw sample in SQLite, derives day aggregates in the user's local time, answers questions for agents, and queues write intents for the phone to apply.",
                "license": ["name": "MIT", "identifier": "MIT"],
            ],
            "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
            "security": [["bearerAuth": []]],
            "paths": .object(paths),
            "components": [
                "securitySchemes": [
                    "bearerAuth": ["type": "http", "scheme": "bearer", "description": "The server's token (PRIVATE_API_BEARER_TOKEN, --token-file, or the generated healthd.token)."],
                ],
                "schemas": .object(Schemas.components),
            ],
        ]
    }

    static func operation(_ route: Route) -> JSONValue {
        let op = route.operation
        var object: [String: JSONValue] = [
            "operationId": .string(op.operationID),
            "summary": .string(op.summary),
            "description": .string(op.description),
            "tags": .array(op.tags.map { .string($0) }),
        ]
        if route.isPublic { object["security"] = [] }
        let parameters = op.parameters.map { p -> JSONValue in
            [
                "name": .string(p.name),
                "in": .string(p.location.rawValue),
                "required": .bool(p.location == .path ? true : p.required),
                "description": .string(p.description),
                "schema": p.schema,
            ]
        }
        if !parameters.isEmpty { object["parameters"] = .array(parameters) }
        if let body = op.requestBody {
            var media: [String: JSONValue] = ["schema": body.schema]
            if let example = body.example { media["example"] = example }
            object["requestBody"] = [
                "required": true,
                "description": .string(body.description),
                "content": ["application/json": .object(media)],
            ]
        }
        var responses: [String: JSONValue] = [:]
        var all = op.responses
        if !route.isPublic {
            all[401] = all[401] ?? Operation.Response("Missing or wrong bearer token.", schema: Schemas.ref("Error"), headers: ["WWW-Authenticate": "Bearer challenge (RFC 6750)."])
            all[429] = all[429] ?? Operation.Response("Too many failed authentications from this address.", schema: Schemas.ref("Error"), headers: ["Retry-After": "Seconds to wait."])
        }
        for (status, response) in all {
            var r: [String: JSONValue] = ["description": .string(response.description)]
            if let schema = response.schema { r["content"] = .object([response.contentType: ["schema": schema]]) }
            var headers: [String: JSONValue] = [
                "X-Request-ID": ["description": "The client's request id, or one the server generated.", "schema": ["type": "string"]],
            ]
            for (name, description) in response.headers { headers[name] = ["description": .string(description), "schema": ["type": "string"]] }
            r["headers"] = .object(headers)
            responses[String(status)] = .object(r)
        }
        object["responses"] = .object(responses)
        return .object(object)
    }
}
