/// A header field name. Field names are case-insensitive (RFC 9110 §5.1), so the name is
/// stored lowercased and compared as such.
public struct HTTPHeaderName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The lowercased field name.
    public let lowercased: String
    public init(_ name: String) { self.lowercased = name.lowercased() }
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { lowercased }

    public static let host = HTTPHeaderName("host")
    public static let contentLength = HTTPHeaderName("content-length")
    public static let contentType = HTTPHeaderName("content-type")
    public static let transferEncoding = HTTPHeaderName("transfer-encoding")
    public static let connection = HTTPHeaderName("connection")
    public static let expect = HTTPHeaderName("expect")
    public static let authorization = HTTPHeaderName("authorization")
    public static let wwwAuthenticate = HTTPHeaderName("www-authenticate")
    public static let retryAfter = HTTPHeaderName("retry-after")
    public static let allow = HTTPHeaderName("allow")
    public static let cacheControl = HTTPHeaderName("cache-control")
    public static let date = HTTPHeaderName("date")
    public static let server = HTTPHeaderName("server")
    public static let accept = HTTPHeaderName("accept")
    public static let location = HTTPHeaderName("location")
    public static let xRequestID = HTTPHeaderName("x-request-id")
    public static let xResponseTime = HTTPHeaderName("x-response-time")
    public static let xForwardedFor = HTTPHeaderName("x-forwarded-for")
    public static let xRateLimitLimit = HTTPHeaderName("x-ratelimit-limit")
    public static let xRateLimitRemaining = HTTPHeaderName("x-ratelimit-remaining")
    public static let xRateLimitReset = HTTPHeaderName("x-ratelimit-reset")
}
