import SQLiteStore

/// Named, scoped tokens kept in the server database (`healthd token create|list|revoke`),
/// each belonging to one person of the household, whose data is all it reaches. Only
/// the SHA-256 of a token is stored; the token itself is shown once, when created. The
/// server looks a presented token up on each request, so a token created or revoked by
/// the command line while the server runs takes effect on the next request.
public struct TokenStore: Sendable {
    /// One stored token, without its secret.
    public struct Record: Sendable, Equatable {
        public var name: String
        /// The person's id and name.
        public var personID: String
        public var personName: String
        public var scopes: Set<Scope>
        public var createdMs: Int64
    }

    /// Why a token could not be created or revoked.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case invalidName(String)
        case duplicateName(String)
        case noScopes
        case unknownName(String)
        case unknownPerson(String)

        public var description: String {
            switch self {
            case .invalidName(let name): "token name '\(name.prefix(80))' must be 1–64 letters, digits, '.', '_' or '-'"
            case .duplicateName(let name): "a token named '\(name)' exists; revoke it first or choose another name"
            case .noScopes: "a token needs at least one scope"
            case .unknownName(let name): "no token is named '\(name.prefix(80))'"
            case .unknownPerson(let name): "no person is named '\(name.prefix(80))'"
            }
        }
    }

    let pool: DatabasePool

    /// The tokens of the server database whose connections `pool` holds (``ServerDatabase/tokens``).
    init(pool: DatabasePool) { self.pool = pool }

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

    /// Creates a token for the person with id `personID` and returns it; this is the only
    /// time it exists outside the caller.
    public func create(name: String, personID: String, scopes: Set<Scope>, nowMs: Int64) throws -> String {
        guard TokenStore.isValidName(name) else { throw Failure.invalidName(name) }
        guard !scopes.isEmpty else { throw Failure.noScopes }
        // A prefix makes a leaked token recognisable in a paste or a secret scanner.
        let token = "hd_" + TokenStore.generateSecret()
        let hash = TokenStore.hash(Array(token.utf8))
        let failure = try pool.writeSync { db -> Failure? in
            if try db.queryFirst("SELECT 1 FROM api_tokens WHERE name = ?", [.text(name)], { _ in true }) != nil { return .duplicateName(name) }
            if try db.queryFirst("SELECT 1 FROM people WHERE id = ?", [.text(personID)], { _ in true }) == nil { return .unknownPerson(personID) }
            try db.run("INSERT INTO api_tokens (name, person_id, token_hash, scopes, created_ms) VALUES (?, ?, ?, ?, ?)",
                       [.text(name), .text(personID), .text(hash), .text(Scope.listText(scopes)), .integer(nowMs)])
            return nil
        }
        if let failure { throw failure }
        return token
    }

    /// Every token, by name.
    public func list() throws -> [Record] {
        try pool.readSync { db in
            try db.query("""
                SELECT t.name, t.scopes, t.created_ms, p.id, p.name FROM api_tokens t JOIN people p ON p.id = t.person_id ORDER BY t.name
                """, []) { row in
                Record(name: row.text(0), personID: row.text(3), personName: row.text(4), scopes: TokenStore.scopes(row.text(1)), createdMs: row.int64(2))
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

    /// The grant of a presented token, or nil when no stored token matches (or its person
    /// is gone). Runs on a reader connection, off the cooperative pool.
    public func grant(forToken token: [UInt8]) async throws -> TokenGrant? {
        let hash = TokenStore.hash(token)
        return try await pool.read { db in
            try db.queryFirst("""
                SELECT t.name, t.scopes, t.person_id FROM api_tokens t JOIN people p ON p.id = t.person_id WHERE t.token_hash = ?
                """, [.text(hash)]) { row in
                TokenGrant(name: row.text(0), scopes: TokenStore.scopes(row.text(1)), person: row.text(2))
            }
        }
    }

    /// Stored scope lists are written by `create` only; a name this version does not know
    /// (written by a newer one) grants nothing rather than failing the lookup.
    static func scopes(_ text: String) -> Set<Scope> {
        Set(text.split(separator: ",").compactMap { Scope(rawValue: String($0)) })
    }
}
