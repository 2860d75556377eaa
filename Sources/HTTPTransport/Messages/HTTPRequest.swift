/// A complete, framed request: the head plus the decoded body (de-chunked when the
/// client used `Transfer-Encoding: chunked`).
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request-target exactly as received (origin-form, RFC 9112 §3.2.1).
    public var target: String
    /// The path part of the target, still percent-encoded.
    public var path: String
    /// The query part of the target without `?`, still percent-encoded; nil when absent.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The file holding the body instead of ``body`` when the server spools this request
    /// (see ``UploadSpooling``); removed after the handler returns unless it was moved.
    public var bodyFile: String?
    /// The peer's address (IP literal) as seen on the socket.
    public var remoteAddress: String

    public init(method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], remoteAddress: String = "127.0.0.1") {
        self.method = method
        self.target = target
        if let q = target.firstIndex(of: "?") {
            self.path = String(target[..<q])
            self.query = String(target[target.index(after: q)...])
        } else {
            self.path = target
            self.query = nil
        }
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }
}
