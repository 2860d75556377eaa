import HTTPTransport
import HealthStore

/// One entry of the route table: what it serves *and* how it is documented. The OpenAPI
/// document is generated from the same table that dispatches requests, so the two
/// cannot drift apart.
public struct Route: Sendable {
    public typealias Handler = @Sendable (RequestContext) async throws -> HTTPResponse

    public let method: HTTPMethod
    public let path: PathTemplate
    /// Public routes skip bearer authentication (liveness, the OpenAPI document).
    public let isPublic: Bool
    /// A public route that still refuses a wrong credential when one is presented
    /// (liveness: the HealthSave app checks its key there and expects a 401).
    public let verifiesPresentedCredentials: Bool
    /// The scope a token needs for this route; nil for public routes. Declared here, in
    /// the table, so the OpenAPI document states it per operation and MCP tools that wrap
    /// a route inherit it.
    public let scope: Scope?
    /// Counted against the per-address request budget of the on-phone read API
    /// (`--read-rate-limit` a minute); every answer carries the `X-RateLimit-*` headers.
    public let isRateLimited: Bool
    public let operation: Operation
    public let handler: Handler
    /// The route's index in its ``Router``'s table (set by the router; -1 outside one), so
    /// per-route state such as metric handles is an array lookup per request.
    public internal(set) var position = -1

    /// A protected route: a token with `scope` (or `admin`) is needed.
    public init(_ method: HTTPMethod, _ path: String, scope: Scope, rateLimited isRateLimited: Bool = false,
                operation: Operation, handler: @escaping Handler) {
        self.method = method
        self.path = PathTemplate(path)
        self.isPublic = false
        self.verifiesPresentedCredentials = false
        self.scope = scope
        self.isRateLimited = isRateLimited
        self.operation = operation
        self.handler = handler
    }

    /// A public route (liveness, the OpenAPI document). `public: false` without a scope
    /// makes an admin-only route.
    public init(_ method: HTTPMethod, _ path: String, public isPublic: Bool, verifiesPresentedCredentials: Bool = false,
                rateLimited isRateLimited: Bool = false, operation: Operation, handler: @escaping Handler) {
        self.method = method
        self.path = PathTemplate(path)
        self.isPublic = isPublic
        self.verifiesPresentedCredentials = verifiesPresentedCredentials
        self.scope = isPublic ? nil : .admin
        self.isRateLimited = isRateLimited
        self.operation = operation
        self.handler = handler
    }
}
