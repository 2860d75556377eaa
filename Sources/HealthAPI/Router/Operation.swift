import HealthDomain
import JSON

/// The OpenAPI description of a route: everything the generated document says about it.
/// Schemas are JSON Schema 2020-12 values (as OpenAPI 3.1 uses), defined once and
/// referenced by name.
public struct Operation: Sendable {
    public struct Parameter: Sendable {
        public enum Location: String, Sendable { case query, path, header }
        public var name: String
        public var location: Location
        public var required: Bool
        public var description: String
        public var schema: JSONValue
        /// How an array value is written (OpenAPI `style`/`explode`): `form` without
        /// exploding is one comma-separated value (`types=steps,heart_rate`). Nil: the default.
        public var style: String?
        public var explode: Bool?
        public init(_ name: String, in location: Location, required: Bool = false, description: String, schema: JSONValue,
                    style: String? = nil, explode: Bool? = nil) {
            self.name = name
            self.location = location
            self.required = required
            self.description = description
            self.schema = schema
            self.style = style
            self.explode = explode
        }
    }

    public struct Body: Sendable {
        public var description: String
        public var schema: JSONValue
        public var example: JSONValue?
        /// The media types the body may have (JSON unless a route takes files).
        public var contentTypes: [String]
        public init(description: String, schema: JSONValue, example: JSONValue? = nil, contentTypes: [String] = ["application/json"]) {
            self.description = description
            self.schema = schema
            self.example = example
            self.contentTypes = contentTypes
        }
    }

    public struct Response: Sendable {
        public var description: String
        public var schema: JSONValue?
        public var contentType: String
        /// Response header names documented for this status.
        public var headers: [String: String]
        /// Operations this response leads to, by link name (OpenAPI 3.1 §4.8.20).
        public var links: [String: Link]
        /// Other media types the same status may answer with, and their schemas.
        public var alternatives: [String: JSONValue]
        public init(_ description: String, schema: JSONValue? = nil, contentType: String = "application/json",
                    headers: [String: String] = [:], links: [String: Link] = [:], alternatives: [String: JSONValue] = [:]) {
            self.description = description
            self.schema = schema
            self.contentType = contentType
            self.headers = headers
            self.links = links
            self.alternatives = alternatives
        }
    }

    /// How a value of one response feeds a parameter of another operation, so clients
    /// (and stateful API tests) can follow from a created resource to what acts on it.
    public struct Link: Sendable {
        public var operationID: String
        /// Parameter name → runtime expression, e.g. `$response.body#/intent/externalId`.
        public var parameters: [String: String]
        public var description: String
        public init(operationID: String, parameters: [String: String], description: String) {
            self.operationID = operationID
            self.parameters = parameters
            self.description = description
        }
    }

    public var operationID: String
    public var summary: String
    public var description: String
    public var tags: [String]
    public var parameters: [Parameter]
    public var requestBody: Body?
    /// Responses by status code.
    public var responses: [Int: Response]

    public init(id: String, summary: String, description: String, tags: [String], parameters: [Parameter] = [],
                requestBody: Body? = nil, responses: [Int: Response]) {
        self.operationID = id
        self.summary = summary
        self.description = description
        self.tags = tags
        self.parameters = parameters
        self.requestBody = requestBody
        self.responses = responses
    }
}

extension Operation.Response {
    /// The 507 of every route that stores something.
    public static let storageFull = Operation.Response(
        "The disk holding the database is full (`STORAGE_FULL`); nothing of the request was stored.",
        schema: Schemas.ref("Error"))
}
