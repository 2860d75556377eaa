/// Limits and timeouts of the server. The defaults follow the limits this server
/// promises: 8 KiB request line, 32 KiB / 100 header fields, 16 MiB body, 10 s head deadline.
public struct HTTPServerConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    /// 0 asks the kernel for a free port.
    public var port: Int = 8080
    /// Longest request line (method, target, version) before 414.
    public var maxRequestLineBytes: Int = 8 * 1024
    /// Largest header section (all field lines) before 431.
    public var maxHeaderBytes: Int = 32 * 1024
    /// Most header fields before 431.
    public var maxHeaderCount: Int = 100
    /// Largest decoded body before 413.
    public var maxBodyBytes: Int = 16 * 1024 * 1024
    /// Bodies written to a file instead of memory (large uploads), for the requests it selects.
    public var uploadSpooling: UploadSpooling?
    /// Total time allowed to receive a request head, from its first byte (slowloris defence).
    public var headDeadlineSeconds: Double = 10
    /// How long a keep-alive connection may sit idle between requests.
    public var idleTimeoutSeconds: Double = 30
    /// Minimum average body rate once the head is in; slower uploads get 408 and are closed.
    public var minBodyBytesPerSecond: Int = 1024
    /// Grace period before the minimum body rate is enforced.
    public var bodyRateGraceSeconds: Double = 10
    /// Open connections beyond this get 503 and are closed.
    public var maxConnections: Int = 1024
    /// How long a response write may make no progress (a client that stops reading) before
    /// the connection is dropped.
    public var writeTimeoutSeconds: Double = 30
    /// How long shutdown waits for in-flight requests before closing connections.
    public var shutdownDeadlineSeconds: Double = 10
    /// Builds the response for errors the transport answers itself (400, 408, 413, 414, 417,
    /// 431, 503, 505). The second argument is a short human-readable reason; the request
    /// is nil when the head could not be parsed.
    public var errorResponder: @Sendable (HTTPStatus, String, HTTPRequest?) -> HTTPResponse = { status, reason, _ in
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array("\(reason)\n".utf8))
    }
    /// Called once per request the transport answered itself (for the request log).
    public var onTransportError: @Sendable (HTTPStatus, String) -> Void = { _, _ in }

    public init() {}
}
