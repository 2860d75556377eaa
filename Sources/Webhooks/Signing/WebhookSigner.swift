/// Signs webhook deliveries the Standard Webhooks way: the receiver gets `webhook-id`,
/// `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256>` over
/// `"<id>.<timestamp>.<body>"`, keyed with the secret's key bytes.
///
/// The id stays the same on every retry of one message (receivers de-duplicate on it);
/// the timestamp and signature are fresh for each attempt.
public struct WebhookSigner: Sendable {
    /// The header naming the message; it is stable across retries.
    public static let idHeader = "webhook-id"
    /// The header with the attempt's time in whole seconds since the epoch.
    public static let timestampHeader = "webhook-timestamp"
    /// The header with one or more space-separated `v1,<base64>` signatures.
    public static let signatureHeader = "webhook-signature"
    /// The signature version this implements (symmetric HMAC-SHA256).
    public static let version = "v1"

    /// The secret signatures are keyed with.
    public let secret: WebhookSecret

    /// A signer keyed with `secret`.
    public init(secret: WebhookSecret) {
        self.secret = secret
    }

    /// The bare base64 HMAC of `"<id>.<timestamp>.<body>"`.
    public func digest(id: String, timestamp: Int64, body: some Collection<UInt8>) -> String {
        var content = Array(id.utf8)
        content.append(UInt8(ascii: "."))
        content.append(contentsOf: String(timestamp).utf8)
        content.append(UInt8(ascii: "."))
        content.append(contentsOf: body)
        return Base64.encode(HMACSHA256.authenticate(key: secret.key, message: content))
    }

    /// The `webhook-signature` value: `v1,` and the digest.
    public func signature(id: String, timestamp: Int64, body: some Collection<UInt8>) -> String {
        Self.version + "," + digest(id: id, timestamp: timestamp, body: body)
    }

    /// The three headers for one delivery attempt, sorted by name. The id must be usable in a
    /// header: not empty, no control characters.
    public func headers(id: String, timestamp: Int64, body: some Collection<UInt8>) throws(WebhookError) -> [(name: String, value: String)] {
        guard !id.isEmpty, !id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw WebhookError(.invalidID, "a webhook id must be non-empty and free of control characters")
        }
        return [
            (Self.idHeader, id),
            (Self.signatureHeader, signature(id: id, timestamp: timestamp, body: body)),
            (Self.timestampHeader, String(timestamp)),
        ]
    }
}
