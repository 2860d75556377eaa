/// A Standard Webhooks signing secret: `whsec_` followed by the base64 of the key bytes.
///
/// Its description is redacted, so a secret that reaches a log line or an error message
/// shows as `whsec_…` only; ``encoded`` is the one way to get the text back.
public struct WebhookSecret: Sendable, Equatable, CustomStringConvertible {
    /// The prefix the specification puts before the base64 key.
    public static let prefix = "whsec_"

    /// The HMAC key: the base64-decoded part of the secret.
    public let key: [UInt8]

    /// A secret with these key bytes (at least one).
    public init(key: [UInt8]) throws(WebhookError) {
        guard !key.isEmpty else { throw WebhookError(.invalidSecret, "a webhook secret needs at least one key byte") }
        self.key = key
    }

    /// Reads `whsec_<base64>`. The prefix may be left out, as the reference libraries allow,
    /// so a key copied without it still works.
    public init(parsing text: String) throws(WebhookError) {
        let body = text.hasPrefix(Self.prefix) ? String(text.dropFirst(Self.prefix.count)) : text
        guard let key = Base64.decode(body), !key.isEmpty else {
            throw WebhookError(.invalidSecret, "a webhook secret is whsec_ followed by padded base64")
        }
        self.key = key
    }

    /// A new secret of `byteCount` random bytes from `/dev/urandom` (32 by default: the
    /// HMAC-SHA256 output size; the specification asks for 24 to 64).
    public static func generate(byteCount: Int = 32) throws(WebhookError) -> WebhookSecret {
        guard (24...64).contains(byteCount) else {
            throw WebhookError(.invalidSecret, "a generated secret has 24 to 64 bytes")
        }
        return try WebhookSecret(key: SecureRandom.bytes(byteCount))
    }

    /// The secret as text: `whsec_` and the padded base64 of the key.
    public var encoded: String { Self.prefix + Base64.encode(key) }

    public var description: String { Self.prefix + "…" }
}
