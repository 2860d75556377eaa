/// A request the transport refuses: the status to answer with and a short reason for the
/// error body and the request log. Every such answer also closes the connection, because
/// after a framing error the next request's start cannot be trusted (RFC 9112 §11.2).
struct HTTPParseError: Error, Equatable, Sendable {
    var status: HTTPStatus
    var reason: String

    init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    static func badRequest(_ reason: String) -> HTTPParseError { HTTPParseError(.badRequest, reason) }
}
