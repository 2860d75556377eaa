import HTTPTransport
import HealthDomain
import JSON
import HealthStore

/// What a handler gets: the request, its id, the matched route's path parameters, the
/// services of the person the request acts for and what the caller's token may do.
public struct RequestContext: Sendable {
    public let request: HTTPRequest
    public let requestID: String
    public let pathParameters: [String: String]
    public let services: AppServices
    /// What the presented token may do (`anonymous` on public routes).
    public let grant: TokenGrant
    /// The whole household: only for an admin's request (the people list); nil otherwise,
    /// so a person's request holds nothing but their own services.
    public let household: Household?

    public init(request: HTTPRequest, requestID: String, pathParameters: [String: String], services: AppServices,
                grant: TokenGrant = .anonymous, household: Household? = nil) {
        self.request = request
        self.requestID = requestID
        self.pathParameters = pathParameters
        self.services = services
        self.grant = grant
        self.household = grant.allows(.admin) ? household : nil
    }

    /// Query parameters by name. A parameter given twice is rejected where it matters
    /// (`QueryParameters` does that), so no value is silently dropped.
    public var query: QueryParameters { QueryParameters(request.queryItems) }

    /// The body parsed as JSON, or a 400 naming the position of the syntax error.
    public func jsonBody() throws -> JSONValue {
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/json") {
            throw APIError(status: .unsupportedMediaType, code: .unsupportedMediaType,
                           message: "request bodies must be application/json (got \(type))",
                           details: ["field": "Content-Type"])
        }
        guard !request.body.isEmpty else { throw APIError.invalidJSON("the request body is empty; a JSON object is expected") }
        do {
            return try JSONParser.parse(request.body)
        } catch {
            throw APIError.invalidJSON("malformed JSON: \(error.message)", offset: error.offset)
        }
    }
}
