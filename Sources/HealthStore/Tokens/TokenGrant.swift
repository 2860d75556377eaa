/// What an authenticated request may do: the token's name (nil for the configured
/// server token), its scopes and the person it belongs to.
public struct TokenGrant: Sendable, Equatable {
    /// The token's name from `healthd token create`; nil for the configured server token.
    public var name: String?
    public var scopes: Set<Scope>
    /// The id of the person whose data the token reaches; nil for the configured server
    /// token and for no token, which act for the first person unless an admin names another.
    public var person: String?

    public init(name: String?, scopes: Set<Scope>, person: String? = nil) {
        self.name = name
        self.scopes = scopes
        self.person = person
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
