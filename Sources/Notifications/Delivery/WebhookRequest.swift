import Foundation
import Webhooks

/// One signed delivery attempt, ready for a ``WebhookTransport``.
public struct WebhookRequest: Sendable {
    /// The receiver.
    public var url: URL
    /// `content-type` and the three Standard Webhooks headers, sorted by name.
    public var headers: [(name: String, value: String)]
    /// The JSON body.
    public var body: [UInt8]

    /// A request with these parts as they are.
    public init(url: URL, headers: [(name: String, value: String)], body: [UInt8]) {
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The attempt at `timestamp` (whole seconds since the epoch) of message `messageID` to
    /// `endpoint`: the id stays the same on every retry, the timestamp and signature are
    /// the attempt's own. Throws for an id that cannot travel in a header.
    public init(endpoint: WebhookEndpoint, messageID: String, timestamp: Int64, body: [UInt8]) throws(WebhookError) {
        let signed = try WebhookSigner(secret: endpoint.secret).headers(id: messageID, timestamp: timestamp, body: body)
        self.init(url: endpoint.url, headers: [("content-type", "application/json")] + signed, body: body)
    }

    /// The value of the header `name` (lower case), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }
}
