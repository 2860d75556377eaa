import HTTPTransport
import HealthDomain
import JSON
import HealthStore

/// The one error type of the API. Anything a handler throws ends up as an `APIError`
/// (unknown errors become `internal` with no internals exposed) and is rendered in one
/// place as the JSON envelope `{"error":{"code":…,"message":…,"details":{…}}}`.
public struct APIError: Error, Sendable, Equatable {
    /// A machine-readable error code; the set follows the on-phone read API's table
    /// (INVALID_PARAMETERS, UNAUTHORIZED, …) plus the ones this server needs.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let invalidParameters = Code(rawValue: "INVALID_PARAMETERS")
        public static let invalidDateRange = Code(rawValue: "INVALID_DATE_RANGE")
        public static let invalidType = Code(rawValue: "INVALID_TYPE")
        public static let invalidJSON = Code(rawValue: "INVALID_JSON")
        public static let validationFailed = Code(rawValue: "VALIDATION_FAILED")
        public static let unauthorized = Code(rawValue: "UNAUTHORIZED")
        public static let forbidden = Code(rawValue: "FORBIDDEN")
        public static let notFound = Code(rawValue: "NOT_FOUND")
        public static let methodNotAllowed = Code(rawValue: "METHOD_NOT_ALLOWED")
        public static let conflict = Code(rawValue: "CONFLICT")
        public static let payloadTooLarge = Code(rawValue: "PAYLOAD_TOO_LARGE")
        public static let unsupportedMediaType = Code(rawValue: "UNSUPPORTED_MEDIA_TYPE")
        public static let rateLimited = Code(rawValue: "RATE_LIMITED")
        public static let requestTimeout = Code(rawValue: "REQUEST_TIMEOUT")
        public static let uriTooLong = Code(rawValue: "URI_TOO_LONG")
        public static let headersTooLarge = Code(rawValue: "HEADERS_TOO_LARGE")
        public static let internalError = Code(rawValue: "INTERNAL_ERROR")
        public static let serviceUnavailable = Code(rawValue: "SERVICE_UNAVAILABLE")
        public static let storageFull = Code(rawValue: "STORAGE_FULL")
    }

    public var status: HTTPStatus
    public var code: Code
    public var message: String
    public var details: [String: JSONValue]
    /// Extra headers the status needs (`WWW-Authenticate`, `Retry-After`, `Allow`).
    public var headers: HTTPHeaders

    public init(status: HTTPStatus, code: Code, message: String, details: [String: JSONValue] = [:], headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers
    }

    public static func == (lhs: APIError, rhs: APIError) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.message == rhs.message && lhs.details == rhs.details
    }

    /// The JSON envelope.
    public var envelope: JSONValue {
        var error: [String: JSONValue] = ["code": .string(code.rawValue), "message": .string(message)]
        error["details"] = .object(details)
        return .object(["error": .object(error)])
    }
}

extension APIError {
    /// 400 for a parameter or field that breaks a rule; `field` and `rule` go into `details`
    /// so a client (or an agent) can fix exactly that.
    public static func invalidParameter(_ field: String, _ message: String, rule: String? = nil, extra: [String: JSONValue] = [:]) -> APIError {
        var details = extra
        details["field"] = .string(field)
        if let rule { details["rule"] = .string(rule) }
        return APIError(status: .badRequest, code: .invalidParameters, message: message, details: details)
    }

    public static func invalidJSON(_ message: String, offset: Int? = nil) -> APIError {
        var details: [String: JSONValue] = [:]
        if let offset { details["offset"] = .number(Double(offset)) }
        return APIError(status: .badRequest, code: .invalidJSON, message: message, details: details)
    }

    public static func unauthorized(_ message: String) -> APIError {
        APIError(status: .unauthorized, code: .unauthorized, message: message,
                 headers: HTTPHeaders([("WWW-Authenticate", "Bearer realm=\"healthd\"")]))
    }

    /// 403: the token is valid but lacks the scope the route needs.
    public static func forbidden(_ message: String, needed: Scope, held: Set<Scope>) -> APIError {
        APIError(status: .forbidden, code: .forbidden, message: message,
                 details: ["scope": .string(needed.rawValue), "tokenScopes": .array(held.sorted().map { .string($0.rawValue) })],
                 headers: HTTPHeaders([("WWW-Authenticate", "Bearer realm=\"healthd\", error=\"insufficient_scope\", scope=\"\(needed.rawValue)\"")]))
    }

    public static func rateLimited(retryAfterSeconds: Int, message: String) -> APIError {
        APIError(status: .tooManyRequests, code: .rateLimited, message: message,
                 details: ["retryAfterSeconds": .number(Double(retryAfterSeconds))],
                 headers: HTTPHeaders([("Retry-After", String(retryAfterSeconds))]))
    }

    public static func notFound(_ message: String, details: [String: JSONValue] = [:]) -> APIError {
        APIError(status: .notFound, code: .notFound, message: message, details: details)
    }

    public static func methodNotAllowed(_ method: HTTPMethod, allowed: [HTTPMethod]) -> APIError {
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(status: .methodNotAllowed, code: .methodNotAllowed,
                        message: "\(method.rawValue) is not allowed here; allowed: \(allow)",
                        details: ["allowed": .array(allowed.map { .string($0.rawValue) })],
                        headers: HTTPHeaders([("Allow", allow)]))
    }

    public static func conflict(_ message: String, details: [String: JSONValue] = [:]) -> APIError {
        APIError(status: .conflict, code: .conflict, message: message, details: details)
    }

    public static func payloadTooLarge(_ message: String, limit: Int) -> APIError {
        APIError(status: .contentTooLarge, code: .payloadTooLarge, message: message, details: ["limit": .number(Double(limit))])
    }

    /// 500 with the request id and nothing about the cause: internals never leave the server.
    /// `details` may add what an operator can act on (never stored values).
    public static func internalError(requestID: String, details: [String: JSONValue] = [:]) -> APIError {
        APIError(status: .internalServerError, code: .internalError,
                 message: "the server failed to handle this request; quote the request id when reporting it",
                 details: details.merging(["requestId": .string(requestID)]) { _, id in id })
    }

    public static func serviceUnavailable(_ message: String, retryAfterSeconds: Int = 1) -> APIError {
        APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: message,
                 headers: HTTPHeaders([("Retry-After", String(retryAfterSeconds))]))
    }

    /// The error for a status the transport answered itself (framing, limits, overload).
    public static func transport(_ status: HTTPStatus, reason: String) -> APIError {
        let code: Code
        switch status.code {
        case 408: code = .requestTimeout
        case 413: code = .payloadTooLarge
        case 414: code = .uriTooLong
        case 431: code = .headersTooLarge
        case 503: code = .serviceUnavailable
        case 500...: code = .internalError
        default: code = .invalidParameters
        }
        var headers = HTTPHeaders()
        if status == .serviceUnavailable { headers.add("Retry-After", "1") }
        return APIError(status: status, code: code, message: reason, headers: headers)
    }
}
