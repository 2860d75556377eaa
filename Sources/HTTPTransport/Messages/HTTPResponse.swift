/// A response to write. The transport adds `Content-Length` (or, for a streamed body,
/// `Transfer-Encoding: chunked`), `Date` and `Connection`; for HEAD it sends the same head
/// without the content (RFC 9110 §9.3.2).
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// A body produced while it is sent; when set, it replaces `body`.
    public var stream: HTTPBodyStream?

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: HTTPStatus, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
    }

    /// A response whose body is produced while it is sent.
    public init(status: HTTPStatus, contentType: String, stream: HTTPBodyStream) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]))
        self.stream = stream
    }

    /// The body, whether held or streamed (tests and in-process callers).
    public func collectedBody() async throws -> [UInt8] {
        guard let stream else { return body }
        return try await stream.collect()
    }
}
