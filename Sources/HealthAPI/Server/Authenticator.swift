import HTTPTransport

/// Checks `Authorization: Bearer <token>` (RFC 6750 §2.1), or the HealthSave app's
/// `x-api-key: <token>`, against the server's configured token (named tokens are looked
/// up by ``TokenStore``). The comparison takes the same time whatever the guess, so response timing tells an
/// attacker nothing about how much of a guess was right.
public struct Authenticator: Sendable {
    private let expected: [UInt8]

    public init(token: String) { self.expected = Array(token.utf8) }

    public enum Outcome: Sendable, Equatable {
        case authorized
        case missing
        case malformed
        case wrongToken
        case tokenInQuery
    }

    /// The header the HealthSave app sends its key in.
    public static let apiKeyHeader = HTTPHeaderName("x-api-key")

    /// Whether the request presents a credential at all (either header), so routes that
    /// are public can still refuse a wrong one.
    public func presentsCredentials(_ request: HTTPRequest) -> Bool {
        !request.headers.values(.authorization).isEmpty || !request.headers.values(Self.apiKeyHeader).isEmpty
    }

    /// What the request presents: the token's bytes, or why there is none to check.
    public enum Presented: Sendable, Equatable {
        case token([UInt8])
        case failure(Outcome)
    }

    /// Checks the request against the configured token only.
    public func check(_ request: HTTPRequest) -> Outcome {
        switch presented(request) {
        case .failure(let outcome): return outcome
        case .token(let token): return matchesConfigured(token) ? .authorized : .wrongToken
        }
    }

    /// Whether `token` is the configured server token, compared in constant time.
    public func matchesConfigured(_ token: [UInt8]) -> Bool {
        Authenticator.constantTimeEquals(token, expected)
    }

    /// The presented token, from `Authorization: Bearer` or (when that is absent) `x-api-key`.
    public func presented(_ request: HTTPRequest) -> Presented {
        let values = request.headers.values(.authorization)
        // `Authorization` wins when both are sent; `x-api-key` stands in for it otherwise,
        // with the same comparison.
        let keys = request.headers.values(Self.apiKeyHeader)
        if values.isEmpty, !keys.isEmpty {
            guard keys.count == 1, let key = keys.first else { return .failure(.malformed) }
            let presented = Array(key.utf8).drop { $0 == 0x20 }
            guard !presented.isEmpty else { return .failure(.malformed) }
            return .token(Array(presented))
        }
        guard values.count == 1, let header = values.first else {
            if values.isEmpty, request.queryItems.contains(where: { Authenticator.tokenQueryNames.contains($0.name.lowercased()) }) {
                return .failure(.tokenInQuery)
            }
            return .failure(values.isEmpty ? .missing : .malformed)
        }
        // The scheme is case-insensitive (RFC 9110 §11.1); exactly one space follows it.
        let bytes = Array(header.utf8)
        guard bytes.count > 7, String(decoding: bytes[0..<7], as: UTF8.self).lowercased() == "bearer " else { return .failure(.malformed) }
        let presented = bytes[7...].drop { $0 == 0x20 }
        guard !presented.isEmpty else { return .failure(.malformed) }
        return .token(Array(presented))
    }

    /// Query parameter names that look like someone tried to pass a token in the URL;
    /// such tokens are never accepted because URLs end up in logs and browser history.
    static let tokenQueryNames: Set<String> = ["token", "access_token", "api_key", "apikey", "bearer", "auth"]

    /// Compares every byte of the longer input, so the time depends only on the lengths.
    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let length = max(a.count, b.count)
        var difference: UInt8 = a.count == b.count ? 0 : 1
        for i in 0..<length {
            let x = i < a.count ? a[i] : 0
            let y = i < b.count ? b[i] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
