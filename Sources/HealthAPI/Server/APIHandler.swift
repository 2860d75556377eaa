import HTTPTransport
import HealthDomain
import HealthFormats
import HealthStore

/// The API's entry point for the transport: request id, routing, authentication,
/// throttling, error rendering and the request log, for every route in one place.
public final class APIHandler: HTTPHandler {
    public let router: Router
    /// The people; each request acts for exactly one of them (``resolvePerson(grant:request:)``).
    public let household: Household
    let authenticator: Authenticator
    let throttle: AuthThrottle
    /// The request budget of the read API's routes (`Route.isRateLimited`).
    let readLimiter: ReadRateLimiter
    let log: RequestLog?
    let ids = RequestIDGenerator()
    /// Request counts and durations per route; nil with metrics off.
    let meters: RequestMeters?

    public init(router: Router, household: Household, token: String, log: RequestLog?) {
        self.router = router
        self.household = household
        let services = household.first
        self.authenticator = Authenticator(token: token)
        self.throttle = AuthThrottle(burst: services.config.authFailureBurst, refillSeconds: services.config.authFailureRefillSeconds)
        self.readLimiter = ReadRateLimiter(limit: services.config.readRateLimit)
        self.log = log
        self.meters = services.metrics.map { RequestMeters($0.requests, router: router) }
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let started = AppClock.monotonicNanoseconds()
        let requestID = requestID(for: request)
        var routeLabel = "(unmatched)"
        var series = meters?.unmatched
        var response: HTTPResponse
        var budget: ReadRateLimiter.Decision?
        do {
            guard let path = request.decodedPath else {
                throw APIError.invalidParameter("path", "the request path has an invalid percent-encoding", rule: "percent-encoding")
            }
            switch router.match(method: request.method, path: path) {
            case .notFound:
                throw APIError.notFound("no resource at this path; GET /health/openapi.json lists every route")
            case .methodNotAllowed(let allowed):
                throw APIError.methodNotAllowed(request.method, allowed: allowed)
            case .found(let route, let parameters):
                routeLabel = route.path.template
                series = meters?.series(for: route)
                if route.isRateLimited {
                    let decision = readLimiter.take(address: clientAddress(request), nowMs: household.first.clock.now())
                    budget = decision
                    guard decision.allowed else {
                        throw APIError.rateLimited(retryAfterSeconds: decision.retryAfterSeconds,
                                                   message: "more than \(decision.limit) requests a minute from this address; retry after \(decision.retryAfterSeconds) s")
                    }
                }
                // A public route that checks presented keys (liveness) refuses a wrong one,
                // because the HealthSave app probes its key there.
                var grant = TokenGrant.anonymous
                if !route.isPublic || (route.verifiesPresentedCredentials && authenticator.presentsCredentials(request)) {
                    grant = try await authenticate(request)
                }
                if let scope = route.scope, !grant.allows(scope) {
                    throw APIError.forbidden("this token lacks the '\(scope.rawValue)' scope this route needs (it has: \(grant.scopes.isEmpty ? "none" : Scope.listText(grant.scopes)))",
                                             needed: scope, held: grant.scopes)
                }
                // The one place a request's person is decided; the handler sees only their services.
                let person = try await resolvePerson(grant: grant, request: request)
                response = try await respond(route: route, person: person, grant: grant, request: request, requestID: requestID, parameters: parameters)
            }
        } catch let error as APIError {
            response = APIHandler.render(error)
        } catch let error as UnreadableAggregate {
            log?.message("id=\(requestID) \(error.logMessage)")
            response = APIHandler.render(.internalError(requestID: requestID, details: [
                "day": .string(error.day.description), "metric": .string(error.metric.rawValue), "repair": "healthd rebuild",
            ]))
        } catch let error as WriteIntentStoreError {
            // The store says what it refused; what that means over HTTP is decided here.
            response = APIHandler.render(.storage(error))
        } catch {
            if let failure = StoreFailure.classify(error), let answer = APIError.storage(failure) {
                // The code only: SQLite's message can quote stored values.
                log?.message("id=\(requestID) storage error \(failure.code)")
                response = APIHandler.render(answer)
            } else {
                // Only the error's type is logged: its description could echo stored values.
                log?.message("id=\(requestID) internal error \(String(reflecting: type(of: error)))")
                response = APIHandler.render(.internalError(requestID: requestID))
            }
        }
        if let budget { APIHandler.describe(budget, in: &response) }
        let nanoseconds = AppClock.monotonicNanoseconds() - started
        APIHandler.decorate(&response, requestID: requestID, microseconds: nanoseconds / 1000)
        log?.request(id: requestID, method: request.method.rawValue, route: routeLabel, status: response.status.code, microseconds: nanoseconds / 1000)
        series?.record(method: request.method.rawValue, status: response.status.code, nanoseconds: nanoseconds)
        return response
    }

    /// Checks an upload's head before its body is spooled: the route must exist and the
    /// token must hold the route's scope, so an unauthenticated client cannot fill the
    /// disk. Failed authentications count towards the same throttle as everywhere.
    public func admit(_ head: HTTPRequest) async -> HTTPResponse? {
        let started = AppClock.monotonicNanoseconds()
        let requestID = requestID(for: head)
        var routeLabel = "(unmatched)"
        var series = meters?.unmatched
        var refusal: HTTPResponse?
        do {
            guard let path = head.decodedPath, case .found(let route, _) = router.match(method: head.method, path: path) else { return nil }
            routeLabel = route.path.template
            series = meters?.series(for: route)
            guard !route.isPublic else { return nil }
            let grant = try await authenticate(head)
            if let scope = route.scope, !grant.allows(scope) {
                throw APIError.forbidden("this token lacks the '\(scope.rawValue)' scope this route needs (it has: \(grant.scopes.isEmpty ? "none" : Scope.listText(grant.scopes)))",
                                         needed: scope, held: grant.scopes)
            }
            // A person the upload could not be for is refused before its body is spooled too.
            _ = try await resolvePerson(grant: grant, request: head)
            return nil
        } catch let error as APIError {
            refusal = APIHandler.render(error)
        } catch {
            refusal = APIHandler.render(.internalError(requestID: requestID))
        }
        guard var response = refusal else { return nil }
        let nanoseconds = AppClock.monotonicNanoseconds() - started
        APIHandler.decorate(&response, requestID: requestID, microseconds: nanoseconds / 1000)
        log?.request(id: requestID, method: head.method.rawValue, route: routeLabel, status: response.status.code, microseconds: nanoseconds / 1000)
        series?.record(method: head.method.rawValue, status: response.status.code, nanoseconds: nanoseconds)
        return response
    }

    /// The client's `X-Request-ID` when it is safe to echo, else a generated one.
    func requestID(for request: HTTPRequest?) -> String {
        request?.headers[.xRequestID].flatMap { RequestIDGenerator.isAcceptable($0) ? $0 : nil } ?? ids.next()
    }

    /// The client address used for throttling: the socket peer, or — only when the
    /// operator said a trusted proxy is in front — the last `X-Forwarded-For` hop.
    func clientAddress(_ request: HTTPRequest) -> String {
        if household.config.trustForwardedFor, let forwarded = request.headers.values(.xForwardedFor).last,
           let last = forwarded.split(separator: ",").last {
            let trimmed = String(last.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if !trimmed.isEmpty { return trimmed }
        }
        return request.remoteAddress
    }

    /// The grant of the presented token: the configured token is admin; any other is
    /// looked up among the named tokens on every request, so a revocation made while the
    /// server runs refuses the very next request.
    private func authenticate(_ request: HTTPRequest) async throws -> TokenGrant {
        let address = clientAddress(request)
        let now = Double(AppClock.monotonicNanoseconds()) / 1e9
        if let wait = throttle.retryAfter(address: address, now: now) {
            throw APIError.rateLimited(retryAfterSeconds: wait, message: "too many failed authentication attempts from this address; retry after \(wait) s")
        }
        let outcome: Authenticator.Outcome
        switch authenticator.presented(request) {
        case .failure(let failure): outcome = failure
        case .token(let token):
            if authenticator.matchesConfigured(token) { return .configured }
            if let grant = try await household.tokens.grant(forToken: token) { return grant }
            outcome = .wrongToken
        }
        let message: String
        switch outcome {
        case .authorized: return .configured
        case .missing: message = "this route needs 'Authorization: Bearer <token>' (or 'x-api-key: <token>')"
        case .malformed: message = "the Authorization header must be exactly 'Bearer <token>', and x-api-key must be sent once"
        case .wrongToken: message = "the bearer token (or x-api-key) is not valid"
        case .tokenInQuery: message = "tokens in the query string are never accepted; send 'Authorization: Bearer <token>'"
        }
        throttle.recordFailure(address: address, now: now)
        throw APIError.unauthorized(message)
    }

    /// The envelope response for an error.
    public static func render(_ error: APIError) -> HTTPResponse {
        var response = HTTPResponse.json(error.envelope, status: error.status)
        for field in error.headers { response.headers.replaceOrAdd(name: field.name, value: field.value) }
        return response
    }

    /// Headers every response carries: the request id, the time taken, and — since
    /// most routes return health data — `Cache-Control: no-store` unless a route chose.
    static func decorate(_ response: inout HTTPResponse, requestID: String, microseconds: UInt64) {
        response.headers.replaceOrAdd(name: .xRequestID, value: requestID)
        response.headers.replaceOrAdd(name: .xResponseTime, value: RequestLog.milliseconds(microseconds) + "ms")
        if !response.headers.contains(.cacheControl) { response.headers.replaceOrAdd(name: .cacheControl, value: "no-store") }
    }

    /// The `X-RateLimit-*` headers of a rate-limited route's answer.
    static func describe(_ budget: ReadRateLimiter.Decision, in response: inout HTTPResponse) {
        response.headers.replaceOrAdd(name: .xRateLimitLimit, value: String(budget.limit))
        response.headers.replaceOrAdd(name: .xRateLimitRemaining, value: String(budget.remaining))
        response.headers.replaceOrAdd(name: .xRateLimitReset, value: String(budget.resetSeconds))
    }

    /// Turns an error the transport answered itself into the envelope, with the same headers.
    public func transportErrorResponse(status: HTTPStatus, reason: String, request: HTTPRequest?) -> HTTPResponse {
        var response = APIHandler.render(.transport(status, reason: reason))
        let requestID = requestID(for: request)
        APIHandler.decorate(&response, requestID: requestID, microseconds: 0)
        log?.request(id: requestID, method: request?.method.rawValue ?? "-", route: "(transport)", status: status.code, microseconds: 0)
        meters?.transport.record(method: request?.method.rawValue ?? "other", status: status.code, nanoseconds: 0)
        return response
    }
}
