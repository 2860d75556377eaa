import HealthDomain
import JSON

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
                "description": "A self-hosted personal health API: an iPhone pushes Apple Health samples, the server keeps every raw sample in SQLite, derives day aggregates in the user's local time, answers questions for agents, and queues write intents for the phone to apply. Every error is the `Error` envelope. 400: the request breaks this document's schema; 422: it matches the schema but breaks a rule a schema cannot state (from after to, a range that is too long, a timezone the server does not know, a cursor the listing did not issue). Any other method on a documented path is a 405 with `Allow`; an undocumented path is a 404. HEAD is served wherever GET is. The transport itself may answer 408, 413, 414, 431 or 503 with the same envelope.",
                "license": ["name": "MIT", "identifier": "MIT"],
            ],
            "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
            "security": [["bearerAuth": []], ["apiKeyAuth": []]],
            "paths": .object(paths),
            "components": [
                "securitySchemes": [
                    "bearerAuth": ["type": "http", "scheme": "bearer", "description": "The server's token (PRIVATE_API_BEARER_TOKEN, --token-file, or the generated healthd.token), which may do everything, or a named token from `healthd token create --scope LIST`. Each operation's security requirement names the scope it needs: `read` (summaries, queries, reads, listing write intents), `intents` (creating and cancelling write intents), `ingest` (ingest adapters, deletions, the phone's pending and ack), `metrics` (`GET /metrics`), `admin` (everything). A valid token without the scope gets 403. A named token belongs to one person of the household and reaches that person's data only; the server's token and `admin` tokens may name another person in `X-Healthd-Person`."],
                    "apiKeyAuth": ["type": "apiKey", "in": "header", "name": "x-api-key", "description": "The same token in the header the HealthSave app sends; accepted wherever the bearer token is, with the same checks and throttling."],
                ],
                "schemas": .object(Schemas.components),
            ],
        ]
    }

    /// Headers every response carries (the transport's own error answers included).
    static let commonHeaders: [String: JSONValue] = [
        "X-Request-ID": ["description": "The client's `X-Request-ID` when it is 1–128 letters, digits and - _ . :, else one the server generated.", "required": true, "schema": ["type": "string", "minLength": 1]],
        "X-Response-Time": ["description": "Time the server spent on the request, in milliseconds, e.g. `0.42ms`.", "required": true, "schema": ["type": "string", "pattern": "ms$"]],
        "Cache-Control": ["description": "`no-store` for health data; `no-cache` for this document.", "required": true, "schema": ["type": "string", "enum": ["no-store", "no-cache"]]],
    ]

    static let errorSchema = Schemas.ref("Error")

    /// The person a request acts for, on every protected operation.
    static let personParameter: JSONValue = [
        "name": "X-Healthd-Person",
        "in": "header",
        "required": false,
        "description": "Whose data the request reaches, by name or id (`healthd person list`). Only the server's token and `admin` tokens may name another person; without it they act for their own person (the server's token: the first person). A person's other tokens always act for their own person: naming anyone else is 403. An unknown person is 404.",
        "schema": ["type": "string", "minLength": 1, "maxLength": 64],
    ]

    /// The route's own responses plus every error status any route of its kind can
    /// answer: 400 for a request that breaks the schema (every route rejects unknown
    /// query parameters), 413 and 415 for a body too large or not JSON, 401, 429 and 503
    /// (storage unavailable) for protected routes. A route's own description of a status wins.
    static func responses(_ route: Route) -> [Int: Operation.Response] {
        var all = route.operation.responses
        func add(_ status: Int, _ response: Operation.Response) { if all[status] == nil { all[status] = response } }
        add(400, Operation.Response("The request breaks the documented schema: an unknown query parameter, a malformed value, a wrong type, a missing required field. `details.field` and `details.rule` say which.", schema: errorSchema))
        if route.operation.requestBody != nil {
            add(413, Operation.Response("The body is larger than the server's limit (`--max-body-bytes`).", schema: errorSchema))
            let types = route.operation.requestBody?.contentTypes ?? []
            add(415, Operation.Response(types == ["application/json"] ? "The body is not `application/json`." : "The body's media type is none of \(types.map { "`\($0)`" }.joined(separator: ", ")).", schema: errorSchema))
        }
        if !route.isPublic {
            add(401, Operation.Response("Missing or wrong bearer token.", schema: errorSchema, headers: ["WWW-Authenticate": "Bearer challenge (RFC 6750), `Bearer realm=\"healthd\"`."]))
            add(403, Operation.Response("The token is valid but lacks the scope this operation needs (`FORBIDDEN`, `details.scope`), or it is a person's token and `X-Healthd-Person` names someone else (`details.field`).", schema: errorSchema))
            let unknownPerson = "An admin token named a person in `X-Healthd-Person` who does not exist (`NOT_FOUND`, `details.field`)."
            if var own = all[404], let schema = own.schema, schema != errorSchema, own.contentType == "application/json" {
                // The route answers 404 in a shape of its own (MCP's JSON-RPC error); an
                // unknown person is the error envelope all the same, checked before the route.
                own.description += " Or: " + unknownPerson
                own.schema = ["oneOf": [schema, errorSchema]]
                all[404] = own
            } else {
                add(404, Operation.Response(unknownPerson, schema: errorSchema))
            }
            add(429, Operation.Response("Too many failed authentications from this address; every request from it gets 429 until `Retry-After` has passed.", schema: errorSchema, headers: ["Retry-After": "Seconds to wait."]))
            add(503, Operation.Response("The database is locked by another process, or cannot be read or written right now (`SERVICE_UNAVAILABLE`, `details.sqliteCode`). Retry after `Retry-After`; re-sending a write is harmless.", schema: errorSchema, headers: ["Retry-After": "Seconds to wait."]))
        }
        return all
    }

    static func operation(_ route: Route) -> JSONValue {
        let op = route.operation
        var object: [String: JSONValue] = [
            "operationId": .string(op.operationID),
            "summary": .string(op.summary),
            "description": .string(op.description),
            "tags": .array(op.tags.map { .string($0) }),
        ]
        // Public routes require nothing; liveness documents its 401 for a wrong key it was sent.
        // A protected route names the scope its token needs, under either header.
        if route.isPublic {
            object["security"] = []
        } else if let scope = route.scope {
            object["security"] = [["bearerAuth": [.string(scope.rawValue)]], ["apiKeyAuth": [.string(scope.rawValue)]]]
        }
        let parameters = op.parameters.map { p -> JSONValue in
            var parameter: [String: JSONValue] = [
                "name": .string(p.name),
                "in": .string(p.location.rawValue),
                "required": .bool(p.location == .path ? true : p.required),
                "description": .string(p.description),
                "schema": p.schema,
            ]
            if let style = p.style { parameter["style"] = .string(style) }
            if let explode = p.explode { parameter["explode"] = .bool(explode) }
            return .object(parameter)
        }
        var all = parameters
        if !route.isPublic { all.append(personParameter) }
        if !all.isEmpty { object["parameters"] = .array(all) }
        if let body = op.requestBody {
            var media: [String: JSONValue] = ["schema": body.schema]
            if let example = body.example { media["example"] = example }
            object["requestBody"] = [
                "required": true,
                "description": .string(body.description),
                "content": .object(Dictionary(uniqueKeysWithValues: body.contentTypes.map { ($0, JSONValue.object(media)) })),
            ]
        }
        var responses: [String: JSONValue] = [:]
        for (status, response) in OpenAPIDocument.responses(route) {
            var r: [String: JSONValue] = ["description": .string(response.description)]
            if let schema = response.schema {
                var content: [String: JSONValue] = [response.contentType: ["schema": schema]]
                for (type, alternative) in response.alternatives { content[type] = ["schema": alternative] }
                r["content"] = .object(content)
            }
            var headers = commonHeaders
            for (name, description) in response.headers {
                headers[name] = ["description": .string(description), "required": true, "schema": ["type": "string", "minLength": 1]]
            }
            r["headers"] = .object(headers)
            if !response.links.isEmpty {
                r["links"] = .object(response.links.mapValues { link in
                    [
                        "operationId": .string(link.operationID),
                        "parameters": .object(link.parameters.mapValues { .string($0) }),
                        "description": .string(link.description),
                    ]
                })
            }
            responses[String(status)] = .object(r)
        }
        object["responses"] = .object(responses)
        return .object(object)
    }
}
