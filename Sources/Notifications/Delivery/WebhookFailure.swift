/// Why an attempt did not count as delivered, in words fit for a log line: a status code
/// or an error kind, never the receiver's response body.
public struct WebhookFailure: Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable {
        /// The receiver answered with a status outside 2xx and 3xx.
        case status
        /// The receiver answered 3xx; redirects are not followed, so a receiver cannot
        /// bounce signed deliveries to another host.
        case redirect
        /// No complete answer within the transport's timeout.
        case timeout
        /// The connection could not be made or broke (refused, DNS, TLS, reset).
        case connection
        /// The message cannot be sent at all (an id that is not a valid header value); it
        /// is given up at once instead of retried.
        case invalidMessage
        /// The attempt was cancelled (the dispatcher is stopping); retried like any other
        /// failure if it is ever recorded.
        case cancelled
    }

    /// What went wrong.
    public var kind: Kind
    /// The HTTP status, for ``Kind/status`` and ``Kind/redirect``.
    public var status: Int?
    /// A short detail: the URL error code, never a body or a secret.
    public var detail: String

    /// A failure of `kind`.
    public init(_ kind: Kind, status: Int? = nil, detail: String = "") {
        self.kind = kind
        self.status = status
        self.detail = detail
    }

    /// Whether retrying can help.
    public var isRetryable: Bool {
        kind != .invalidMessage
    }

    public var description: String {
        switch kind {
        case .status: "HTTP \(status.map(String.init) ?? "?")"
        case .redirect: "HTTP \(status.map(String.init) ?? "?") (redirects are not followed)"
        case .timeout: detail.isEmpty ? "timed out" : "timed out (\(detail))"
        case .connection: detail.isEmpty ? "connection failed" : "connection failed (\(detail))"
        case .invalidMessage: detail.isEmpty ? "invalid message" : "invalid message (\(detail))"
        case .cancelled: "cancelled"
        }
    }
}
