/// The broker's answer to CONNECT (MQTT 3.1.1 §3.2.2.3).
public enum ConnectReturnCode: UInt8, Sendable {
    /// Connection accepted.
    case accepted = 0
    /// The broker does not speak protocol level 4.
    case unacceptableProtocolVersion = 1
    /// The client identifier is well formed but not allowed.
    case identifierRejected = 2
    /// The network connection is up but the MQTT service is not.
    case serverUnavailable = 3
    /// The user name or password is malformed or wrong.
    case badUserNameOrPassword = 4
    /// The client is not authorised to connect.
    case notAuthorized = 5

    /// A phrase for logs.
    public var reason: String {
        switch self {
        case .accepted: return "accepted"
        case .unacceptableProtocolVersion: return "unacceptable protocol version"
        case .identifierRejected: return "client identifier rejected"
        case .serverUnavailable: return "server unavailable"
        case .badUserNameOrPassword: return "bad user name or password"
        case .notAuthorized: return "not authorized"
        }
    }
}
