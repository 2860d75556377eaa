import SQLiteStore

/// Named, scoped tokens kept in the database (`healthd token create|list|revoke`). Only
/// the SHA-256 of a token is stored; the token itself is shown once, when created. The
/// server looks a presented token up on each request, so a token created or revoked by
/// the command line while the server runs takes effect on the next request.
public struct TokenStore: Sendable {
    /// One stored token, without its secret.
    public struct Record: Sendable, Equatable {
        public var name: String
        public var scopes: Set<Scope>
        public var createdMs: Int64
    }

    /// Why a token could not be created or revoked.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case invalidName(String)
        case duplicateName(String)
        case noScopes
        case unknownName(String)

        public var description: String {
            switch self {
            case .invalidName(let name): "token name '\(name.prefix(80))' must be 1–64 letters, digits, '.', '_' or '-'"
            case .duplicateName(let name): "a token named '\(name)' exists; revoke it first or choose another name"
            case .noScopes: "a token needs at least one scope"
            case .unknownName(let name): "no token is named '\(name.prefix(80))'"
            }
        }
    }

    let pool: DatabasePool

    public init(pool: DatabasePool) { self.pool = pool }

    /// The tokens in `store`'s database.
    public init(store: SampleStore) { self.init(pool: store.pool) }

    /// Opens the database at `path` (creating it and its tables when needed) for the
    /// token commands, which need neither samples nor aggregates; ``close()`` when done.
    public static func open(path: String) throws -> TokenStore {
        let pool = try DatabasePool(path: path)
        do {
            _ = try HealthSchema.migrator.migrateSync(pool)
        } catch {
            pool.close()
            throw error
        }
        return TokenStore(pool: pool)
    }

    /// Closes the connections of a store made by ``open(path:)``.
    public func close() {
        pool.close()
    }

    /// The stored form of a token: its SHA-256 as hex. A lookup by hash reveals nothing
    /// about how close a wrong guess was.
    static func hash(_ token: [UInt8]) -> String { SHA256.hex(token) }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    /// 256 random bits as 64 hex digits, from the system CSPRNG (getrandom(2) on Linux).
    public static func generateSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        var hex = ""
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            let digits = String(word, radix: 16)
            hex += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex
    }

    /// Creates a token and returns it; this is the only time it exists outside the caller.
    public func create(name: String, scopes: Set<Scope>, nowMs: Int64) throws -> String {
        guard TokenStore.isValidName(name) else { throw Failure.invalidName(name) }
        guard !scopes.isEmpty else { throw Failure.noScopes }
        // A prefix makes a leaked token recognisable in a paste or a secret scanner.
        let token = "hd_" + TokenStore.generateSecret()
        let hash = TokenStore.hash(Array(token.utf8))
        let created = try pool.writeSync { db -> Bool in
            if try db.queryFirst("SELECT 1 FROM api_tokens WHERE name = ?", [.text(name)], { _ in true }) != nil { return false }
            try db.run("INSERT INTO api_tokens (name, token_hash, scopes, created_ms) VALUES (?, ?, ?, ?)",
                       [.text(name), .text(hash), .text(Scope.listText(scopes)), .integer(nowMs)])
            return true
        }
        guard created else { throw Failure.duplicateName(name) }
        return token
    }

    /// Every token, by name.
    public func list() throws -> [Record] {
        try pool.readSync { db in
            try db.query("SELECT name, scopes, created_ms FROM api_tokens ORDER BY name", []) { row in
                Record(name: row.text(0), scopes: TokenStore.scopes(row.text(1)), createdMs: row.int64(2))
            }
        }
    }

    /// Deletes the token named `name`; requests presenting it are refused from then on.
    public func revoke(name: String) throws {
        let removed = try pool.writeSync { db -> Bool in
            try db.run("DELETE FROM api_tokens WHERE name = ?", [.text(name)])
            return db.changes > 0
        }
        guard removed else { throw Failure.unknownName(name) }
    }

    /// The grant of a presented token, or nil when no stored token matches. Runs on a
    /// reader connection, off the cooperative pool.
    public func grant(forToken token: [UInt8]) async throws -> TokenGrant? {
        let hash = TokenStore.hash(token)
        return try await pool.read { db in
            try db.queryFirst("SELECT name, scopes FROM api_tokens WHERE token_hash = ?", [.text(hash)]) { row in
                TokenGrant(name: row.text(0), scopes: TokenStore.scopes(row.text(1)))
            }
        }
    }

    /// Stored scope lists are written by `create` only; a name this version does not know
    /// (written by a newer one) grants nothing rather than failing the lookup.
    static func scopes(_ text: String) -> Set<Scope> {
        Set(text.split(separator: ",").compactMap { Scope(rawValue: String($0)) })
    }
}
