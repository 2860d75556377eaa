import Foundation
import JSON
import Testing
import HTTPTransport
import HealthDomain
import HealthFormats
@testable import HealthAPI
@testable import HealthStore

/// The OpenAPI document: the committed copy is what the code generates, it follows the
/// rules the issue sets (3.1, security, operation ids, descriptions, error envelopes,
/// examples), and it describes exactly the routes the server serves.
@Suite struct OpenAPIDocumentTests {
    static let refreshCommand = "swift run healthd openapi > openapi/openapi.json"

    static var committedPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("openapi/openapi.json").path
    }

    static let generatedBytes = HealthApp.generatedOpenAPIDocument()
    static let document: JSONValue = try! JSONParser.parse(generatedBytes)
    static let methods = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    /// Every operation as (method, path, operation object).
    static var operations: [(method: String, path: String, operation: [String: JSONValue])] {
        var out: [(String, String, [String: JSONValue])] = []
        for (path, item) in document["paths"]?.objectValue ?? [:] {
            for (method, operation) in item.objectValue ?? [:] where methods.contains(method) {
                out.append((method, path, operation.objectValue ?? [:]))
            }
        }
        return out.sorted { ($0.0 + $0.1) < ($1.0 + $1.1) }.map { (method: $0.0, path: $0.1, operation: $0.2) }
    }

    /// Whether `value` is a non-empty string.
    static func described(_ value: JSONValue?) -> Bool { !(value?.stringValue ?? "").isEmpty }
    func described(_ value: JSONValue?) -> Bool { OpenAPIDocumentTests.described(value) }

    @Test func committedCopyIsWhatTheCodeGenerates() throws {
        let committed = try #require(FileManager.default.contents(atPath: OpenAPIDocumentTests.committedPath),
                                     "openapi/openapi.json is missing; run `\(OpenAPIDocumentTests.refreshCommand)`")
        var expected = OpenAPIDocumentTests.generatedBytes
        if expected.last != 0x0A { expected.append(0x0A) }  // `healthd openapi` ends the output with a newline
        #expect(Array(committed) == expected,
                "openapi/openapi.json differs from the document the code generates; run `\(OpenAPIDocumentTests.refreshCommand)` and commit the result")
    }

    @Test func servedDocumentIsTheGeneratedOne() async {
        let reply = await TestApp().send(.get, "/health/openapi.json", authorized: false)
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(reply.response.body == OpenAPIDocumentTests.generatedBytes)
    }

    @Test func generationIsDeterministic() {
        #expect(HealthApp.generatedOpenAPIDocument() == HealthApp.generatedOpenAPIDocument())
    }

    @Test func isOpenAPI31WithGlobalBearerSecurity() {
        let document = OpenAPIDocumentTests.document
        #expect(document["openapi"]?.stringValue?.hasPrefix("3.1.") == true)
        #expect(document["jsonSchemaDialect"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        // Either the bearer token or HealthSave's x-api-key header (the same token).
        #expect(document["security"] == [["bearerAuth": []], ["apiKeyAuth": []]])
        let scheme = document["components"]?["securitySchemes"]?["bearerAuth"]
        #expect(scheme?["type"]?.stringValue == "http")
        #expect(scheme?["scheme"]?.stringValue == "bearer")
        let apiKey = document["components"]?["securitySchemes"]?["apiKeyAuth"]
        #expect(apiKey?["type"]?.stringValue == "apiKey")
        #expect(apiKey?["in"]?.stringValue == "header")
        #expect(apiKey?["name"]?.stringValue == "x-api-key")
    }

    @Test func operationIdsAreUniqueAndWellFormed() {
        var seen: Set<String> = []
        for (method, path, operation) in OpenAPIDocumentTests.operations {
            let id = operation["operationId"]?.stringValue ?? ""
            let wellFormed = (1...64).contains(id.utf8.count) && id.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
            }
            #expect(wellFormed, "\(method) \(path): operationId '\(id)' must match ^[A-Za-z0-9_-]{1,64}$")
            #expect(seen.insert(id).inserted, "operationId '\(id)' is used twice")
        }
    }

    @Test func everyOperationParameterAndResponseIsDescribed() {
        for (method, path, operation) in OpenAPIDocumentTests.operations {
            let where_ = "\(method) \(path)"
            #expect(described(operation["summary"]), "\(where_) has no summary")
            #expect(described(operation["description"]), "\(where_) has no description")
            for parameter in operation["parameters"]?.arrayValue ?? [] {
                #expect(described(parameter["description"]), "\(where_): parameter \(parameter["name"]?.stringValue ?? "?") has no description")
                #expect(parameter["schema"] != nil, "\(where_): parameter \(parameter["name"]?.stringValue ?? "?") has no schema")
            }
            for (status, response) in operation["responses"]?.objectValue ?? [:] {
                #expect(described(response["description"]), "\(where_) \(status) has no description")
                for (name, header) in response["headers"]?.objectValue ?? [:] {
                    #expect(described(header["description"]), "\(where_) \(status): header \(name) has no description")
                }
            }
        }
    }

    @Test func everyRequestBodyHasADescriptionAndAnExample() {
        for (method, path, operation) in OpenAPIDocumentTests.operations {
            guard let body = operation["requestBody"] else { continue }
            #expect(described(body["description"]), "\(method) \(path): request body has no description")
            // JSON bodies carry an example; a file upload (an export archive) has none to show.
            guard let json = body["content"]?["application/json"] else {
                #expect(body["content"]?.objectValue?.values.allSatisfy { $0["schema"] != nil } == true, "\(method) \(path): request body has no schema")
                continue
            }
            #expect(json["schema"] != nil, "\(method) \(path): request body has no schema")
            #expect(json["example"] != nil, "\(method) \(path): request body has no example")
        }
    }

    /// Every property of every schema (components and inline) has a description.
    @Test func everySchemaFieldIsDescribed() {
        var missing: [String] = []
        func walk(_ schema: JSONValue, at pointer: String) {
            switch schema {
            case .object(let members):
                if let properties = members["properties"]?.objectValue {
                    for (name, property) in properties {
                        let isRef = property["$ref"] != nil
                        if !isRef, (property["description"]?.stringValue ?? "").isEmpty { missing.append("\(pointer)/properties/\(name)") }
                    }
                }
                for (key, value) in members {
                    // A properties map holds schemas by member name; a member may itself be
                    // called "properties" (GeoJSON's Feature), so walk each schema, not the map.
                    if key == "properties", let map = value.objectValue {
                        for (name, property) in map { walk(property, at: "\(pointer)/properties/\(name)") }
                    } else {
                        walk(value, at: "\(pointer)/\(key)")
                    }
                }
            case .array(let items):
                for (i, item) in items.enumerated() { walk(item, at: "\(pointer)/\(i)") }
            default:
                break
            }
        }
        walk(OpenAPIDocumentTests.document["components"]?["schemas"] ?? .null, at: "#/components/schemas")
        walk(OpenAPIDocumentTests.document["paths"] ?? .null, at: "#/paths")
        #expect(missing.isEmpty, "fields without a description:\n\(missing.sorted().joined(separator: "\n"))")
        for (name, schema) in OpenAPIDocumentTests.document["components"]?["schemas"]?.objectValue ?? [:] {
            #expect(described(schema["description"]), "component schema \(name) has no description")
        }
    }

    @Test func errorStatusesUseTheEnvelopeAndProtectedOperationsDeclare401() {
        let envelope: JSONValue = ["$ref": "#/components/schemas/Error"]
        for (method, path, operation) in OpenAPIDocumentTests.operations {
            let responses = operation["responses"]?.objectValue ?? [:]
            let isPublic = operation["security"] == []
            if isPublic {
                // Liveness is public yet refuses a wrong key it was sent (HealthSave probes its key there).
                let checksPresentedKey = ["/health", "/api/health"].contains(path)
                #expect((responses["401"] != nil) == checksPresentedKey, "\(method) \(path) is public; 401 only where a presented key is checked")
            } else {
                // Each protected operation names its scope under both token headers.
                let scope = operation["security"]?.arrayValue?.first?["bearerAuth"]?.arrayValue?.first?.stringValue
                #expect(scope.flatMap(Scope.init(rawValue:)) != nil, "\(method) \(path) does not declare the scope its token needs")
                #expect(operation["security"] == [["bearerAuth": [.string(scope ?? "")]], ["apiKeyAuth": [.string(scope ?? "")]]])
                #expect(responses["403"] != nil, "\(method) \(path) does not declare 403 for a token without the scope")
                #expect(responses["401"]?["headers"]?["WWW-Authenticate"] != nil, "\(method) \(path) does not declare 401 with WWW-Authenticate")
                #expect(responses["429"]?["headers"]?["Retry-After"] != nil, "\(method) \(path) does not declare 429 with Retry-After")
            }
            #expect(responses["400"] != nil, "\(method) \(path) does not declare 400")
            if operation["requestBody"] != nil {
                #expect(responses["413"] != nil && responses["415"] != nil, "\(method) \(path) takes a body but does not declare 413 and 415")
            }
            // A HealthSave run id names a run whether or not receipts are kept for it: an
            // unknown one answers `status: empty` (200), as the reference backend does.
            if path.contains("{"), path != "/api/v2/sync/runs/{sync_run_id}" {
                #expect(responses["404"] != nil, "\(method) \(path) has a path parameter but does not declare 404")
            }
            // MCP answers a malformed message or an unknown method as JSON-RPC says (400, 404
            // with a JSON-RPC error object); every other error there is the envelope.
            let jsonRPC: Set<String> = path == "/mcp" ? ["400", "404"] : []
            for (status, response) in responses where (status.hasPrefix("4") || status.hasPrefix("5")) && !jsonRPC.contains(status) {
                #expect(response["content"]?["application/json"]?["schema"] == envelope, "\(method) \(path) \(status) must use the Error envelope")
            }
        }
    }

    @Test func publicOperationsAreExactlyThePublicRoutes() {
        let routes = HealthApp.routes(documentProvider: { [] })
        for route in routes {
            let operation = OpenAPIDocumentTests.document["paths"]?[route.path.template]?[route.method.rawValue.lowercased()]
            #expect((operation?["security"] == []) == route.isPublic, "\(route.method) \(route.path): security does not match the route")
        }
    }

    /// The shapes the server has are the ones the document shows: the ingest request's
    /// workouts and rings reference their input schemas, `/health-data` lists its type
    /// ids, and `/mcp` its protocol revisions.
    @Test func requestShapesAreReferencedAndNamesEnumerated() throws {
        let document = OpenAPIDocumentTests.document
        let schemas = document["components"]?["schemas"]
        let ingest = schemas?["IngestRequest"]?["properties"]
        #expect(ingest?["workouts"]?["items"] == ["$ref": "#/components/schemas/WorkoutInput"])
        #expect(ingest?["activitySummaries"]?["items"] == ["$ref": "#/components/schemas/ActivitySummaryInput"])
        #expect(schemas?["WorkoutInput"]?["properties"]?["activeEnergyUnit"]?["enum"]?.arrayValue?.contains("cal") == true)
        // An optional member sent as null is read as absent, so the schema takes null too.
        #expect(schemas?["WorkoutInput"]?["properties"]?["distance"]?["type"] == ["number", "null"])
        #expect(schemas?["WorkoutInput"]?["required"] == ["activityType", "startTimeMs", "endTimeMs", "timezone"])

        func parameter(_ path: String, _ method: String, _ name: String) -> JSONValue? {
            document["paths"]?[path]?[method]?["parameters"]?.arrayValue?.first { $0["name"]?.stringValue == name }
        }
        let types = try #require(parameter("/health-data", "get", "types"))
        #expect(types["schema"]?["type"] == "array")
        #expect(types["style"] == "form" && types["explode"] == false)
        let ids = types["schema"]?["items"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Array(ids.prefix(3)) == ["steps", "heart_rate", "active_energy"])
        #expect(ids.contains("body_mass_kg") && ids.contains("sleep_segment"))
        #expect(ids.count == ReadTypeTable(catalog: .standard).types.count)
        let version = try #require(parameter("/mcp", "post", "MCP-Protocol-Version"))
        #expect(version["schema"]?["enum"]?.arrayValue?.compactMap(\.stringValue) == ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"])
    }

    @Test func queryIntentsAreADiscriminatedOneOf() {
        let request = OpenAPIDocumentTests.document["components"]?["schemas"]?["QueryRequest"]
        let variants = request?["oneOf"]?.arrayValue ?? []
        #expect(variants.count == IntentSpec.all.count)
        #expect(request?["discriminator"]?["propertyName"]?.stringValue == "intent")
        let mapping = request?["discriminator"]?["mapping"]?.objectValue ?? [:]
        #expect(Set(mapping.keys) == Set(IntentSpec.all.map(\.name)))
        for (name, target) in mapping {
            let schemaName = target.stringValue?.split(separator: "/").last.map(String.init) ?? ""
            let schema = OpenAPIDocumentTests.document["components"]?["schemas"]?[schemaName]
            #expect(schema?["properties"]?["intent"]?["const"]?.stringValue == name, "\(name) maps to a schema whose intent is not const '\(name)'")
        }
    }

    /// Every response link names an operation that exists, only parameters that operation
    /// has, and a body pointer that exists in the response's schema; and the upsert of a
    /// write intent links to reading and cancelling it.
    @Test func responseLinksLeadToRealOperationsAndFields() {
        let document = OpenAPIDocumentTests.document
        let byID = Dictionary(uniqueKeysWithValues: OpenAPIDocumentTests.operations.map { ($0.operation["operationId"]?.stringValue ?? "", $0.operation) })
        func resolve(_ schema: JSONValue?) -> JSONValue? {
            guard let ref = schema?["$ref"]?.stringValue else { return schema }
            return document["components"]?["schemas"]?[String(ref.split(separator: "/").last ?? "")]
        }
        var linked: Set<String> = []
        for entry in OpenAPIDocumentTests.operations {
            for (status, response) in entry.operation["responses"]?.objectValue ?? [:] {
                for (name, link) in response["links"]?.objectValue ?? [:] {
                    let target = link["operationId"]?.stringValue ?? ""
                    linked.insert("\(entry.operation["operationId"]?.stringValue ?? "") → \(target)")
                    let parameters = Set((byID[target]?["parameters"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
                    #expect(byID[target] != nil, "\(entry.path) \(status) link \(name): no operation \(target)")
                    #expect(described(link["description"]), "\(entry.path) \(status) link \(name) has no description")
                    for (parameter, expression) in link["parameters"]?.objectValue ?? [:] {
                        #expect(parameters.contains(parameter), "link \(name): \(target) has no parameter \(parameter)")
                        let text = expression.stringValue ?? ""
                        #expect(text.hasPrefix("$response.body#/"), "link \(name): \(text) is not a response body pointer")
                        var schema = resolve(response["content"]?["application/json"]?["schema"])
                        for key in text.dropFirst("$response.body#/".count).split(separator: "/") {
                            schema = resolve(schema?["properties"]?[String(key)])
                        }
                        #expect(schema?["type"]?.stringValue == "string", "link \(name): \(text) does not reach a string field")
                    }
                }
            }
        }
        #expect(linked.isSuperset(of: ["upsertWriteIntent → getWriteIntent", "upsertWriteIntent → cancelWriteIntent"]), "\(linked.sorted())")
    }

    /// The route table and the document describe the same set of (method, path).
    @Test func everyServedRouteIsDocumentedAndEveryDocumentedOperationIsServed() {
        let routes = HealthApp.routes(documentProvider: { [] })
        let served = Set(routes.map { "\($0.method.rawValue) \($0.path.template)" })
        let documented = Set(OpenAPIDocumentTests.operations.map { "\($0.method.uppercased()) \($0.path)" })
        #expect(served.count == routes.count, "two routes share a method and path")
        #expect(served.subtracting(documented).isEmpty, "served but not documented: \(served.subtracting(documented).sorted())")
        #expect(documented.subtracting(served).isEmpty, "documented but not served: \(documented.subtracting(served).sorted())")
    }

    /// Walks the document (not the route table): every operation reaches a route, and
    /// every protected one answers 401 with a challenge and the envelope without a token.
    @Test func everyDocumentedOperationIsServedAndProtectedOnesAnswer401WithoutAToken() async {
        let app = TestApp()
        for (i, entry) in OpenAPIDocumentTests.operations.enumerated() {
            let path = entry.path.replacingOccurrences(of: "{externalId}", with: "doc-walk-\(i)").replacingOccurrences(of: "{id}", with: "doc-walk-\(i)").replacingOccurrences(of: "{sync_run_id}", with: "doc-walk-\(i)").replacingOccurrences(of: "{file}", with: "app.js")
            #expect(!path.contains("{"), "\(entry.path): the walk has no sample value for this path parameter")
            let method = HTTPMethod(rawValue: entry.method.uppercased())
            let body: String? = entry.operation["requestBody"] != nil ? "{}" : nil
            let address = "10.1.\(i / 200).\(i % 200)"
            let anonymous = await app.send(method, path, body: body, authorized: false, from: address)
            #expect(anonymous.status != 404 && anonymous.status != 405, "\(entry.method) \(entry.path) is documented but not served")
            if entry.operation["security"] == [] {
                #expect(anonymous.status != 401, "\(entry.method) \(entry.path) is documented as public but wants a token")
            } else {
                #expect(anonymous.status == 401, "\(entry.method) \(entry.path) answered \(anonymous.status) without a token")
                #expect(anonymous.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
                #expect(anonymous.errorCode == "UNAUTHORIZED")
                let wrong = await app.send(method, path, headers: [("Authorization", "Bearer not-the-token")], body: body, authorized: false, from: address)
                #expect(wrong.status == 401, "\(entry.method) \(entry.path) answered \(wrong.status) with a wrong token")
            }
        }
    }
}
