/// Why a packet could not be encoded or decoded, or why the client could not deliver.
/// Messages never contain a password or a payload.
public struct MQTTError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable {
        /// Bytes that break the 3.1.1 rules: a fifth remaining-length byte, reserved flags
        /// set, a string that is not UTF-8, a length that overruns the packet.
        case malformed
        /// Valid MQTT this implementation does not speak (QoS 2, SUBSCRIBE, another version).
        case unsupported
        /// A packet longer than the decoder's limit or than the protocol allows.
        case packetTooLarge
        /// A value that cannot be encoded (a topic with wildcards, packet id 0, a string
        /// over 65,535 bytes).
        case invalidArgument
        /// A broker URL that is not `mqtt://[user[:password]@]host[:port]`.
        case invalidURL
        /// The broker answered CONNECT with a refusal (see ``MQTTError/returnCode``).
        case connectionRefused
        /// The connection failed or was lost.
        case io
        /// The broker did not answer in time.
        case timedOut
        /// The client was shut down before the message was acknowledged.
        case closed
        /// Too many messages are waiting for the broker.
        case queueFull
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence for a person.
    public var message: String
    /// The CONNACK return code of a refused connection.
    public var returnCode: ConnectReturnCode?

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String, returnCode: ConnectReturnCode? = nil) {
        self.kind = kind
        self.message = message
        self.returnCode = returnCode
    }

    public var description: String { message }
}
