/// What an authenticated request may do: the token's name (nil for the configured
/// server token) and its scopes.
public struct TokenGrant: Sendable, Equatable {
    /// The token's name from `healthd token create`; nil for the configured server token.
    public var name: String?
    public var scopes: Set<Scope>

    public init(name: String?, scopes: Set<Scope>) {
        self.name = name
        self.scopes = scopes
    }

    /// The configured token (`PRIVATE_API_BEARER_TOKEN`, `--token-file`, the generated one):
    /// it predates scopes, so it keeps every right it had.
    public static let configured = TokenGrant(name: nil, scopes: [.admin])

    /// No token: what a public route runs with.
    public static let anonymous = TokenGrant(name: nil, scopes: [])

    /// Whether the grant covers `scope`; `admin` covers everything.
    public func allows(_ scope: Scope) -> Bool {
        scopes.contains(.admin) || scopes.contains(scope)
    }
}
