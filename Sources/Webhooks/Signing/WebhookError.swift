/// Why a secret could not be read or made, or why a delivery did not verify.
public struct WebhookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable {
        /// The secret is not `whsec_` followed by padded base64 of at least one byte.
        case invalidSecret
        /// A message id that cannot travel in a header (empty, or with control characters).
        case invalidID
        /// A required header is absent.
        case missingHeader
        /// The timestamp header is not whole seconds since the epoch.
        case invalidTimestamp
        /// The timestamp is further from now than the tolerance (a replay or a bad clock).
        case timestampOutOfTolerance
        /// No `v1` signature in the header matches the body.
        case noMatchingSignature
        /// The kernel's random source could not be read.
        case randomUnavailable
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence for a person; it never contains the secret.
    public var message: String

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
