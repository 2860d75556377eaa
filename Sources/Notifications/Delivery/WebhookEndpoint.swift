import Foundation
import Webhooks

/// Where a subscription's deliveries go and the secret they are signed with.
public struct WebhookEndpoint: Sendable, Equatable {
    /// The subscription's id: deliveries are ordered per endpoint id.
    public var id: String
    /// The receiver, `http` or `https`.
    public var url: URL
    /// The Standard Webhooks secret deliveries are signed with.
    public var secret: WebhookSecret

    /// An endpoint; throws for a URL that is not absolute `http` or `https` with a host.
    public init(id: String, url: URL, secret: WebhookSecret) throws(NotificationError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw NotificationError(.invalidURL, "a webhook URL is absolute http:// or https:// with a host")
        }
        self.id = id
        self.url = url
        self.secret = secret
    }

    /// An endpoint from the URL's text.
    public init(id: String, url text: String, secret: WebhookSecret) throws(NotificationError) {
        guard let url = URL(string: text) else {
            throw NotificationError(.invalidURL, "a webhook URL is absolute http:// or https:// with a host")
        }
        try self.init(id: id, url: url, secret: secret)
    }
}
