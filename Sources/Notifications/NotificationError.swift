/// Why a notification setting was refused. Messages never contain a secret.
public struct NotificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of refusal.
    public enum Kind: String, Sendable {
        /// A webhook URL that is not absolute `http` or `https` with a host.
        case invalidURL
        /// A Home Assistant node id or topic prefix outside `[A-Za-z0-9_-]`.
        case invalidIdentifier
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence for a person.
    public var message: String

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
