#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the server could not start (or a socket call failed). Carries the failing call and
/// the `errno` it reported so that "address already in use" is visible to the operator.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A socket call failed; `call` names it (`bind`, `listen`, ...), `errno` is what it set.
    case socket(call: String, errno: Int32)
    /// `getaddrinfo` could not resolve the configured host.
    case addressResolution(host: String, message: String)
    /// `start()` was called twice, or after `shutdown()`.
    case invalidState(String)

    public var description: String {
        switch self {
        case let .socket(call, code):
            return "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        case let .addressResolution(host, message):
            return "cannot resolve host '\(host)': \(message)"
        case let .invalidState(message):
            return message
        }
    }

    /// The `errno` of a failed socket call, or nil for other errors.
    public var errnoValue: Int32? {
        if case let .socket(_, code) = self { return code }
        return nil
    }
}
