import Foundation
import SQLiteStore

/// The household's small server database: who the people are, where each one's file is,
/// and the named tokens (each belonging to one person). It lives beside the database the
/// server is pointed at (`--db data/health.sqlite` → `data/health.server.sqlite`); people
/// added later get `data/people/<id>.sqlite`.
///
/// A database from a single-person installation becomes the first person in place on
/// the first open (``open(databasePath:userID:nowMs:)``): its user id becomes the
/// person's id (so observation batches keep their `xuser_id`) and its named tokens are
/// copied here, belonging to that person. Nothing is moved or copied but the tokens.
public final class ServerDatabase: Sendable {
    /// Why a person could not be added, changed or removed.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case invalidName(String)
        case duplicateName(String)
        case unknownPerson(String)
        case firstPerson(String)
        case invalidTimezone(String)

        public var description: String {
            switch self {
            case .invalidName(let name): "person name '\(name.prefix(80))' must be 1–64 letters, digits, '.', '_' or '-'"
            case .duplicateName(let name): "a person named '\(name)' exists already"
            case .unknownPerson(let name): "no person is named '\(name.prefix(80))'"
            case .firstPerson(let name): "'\(name)' is the first person, whose file is the server's --db; it cannot be removed"
            case .invalidTimezone(let zone): "unknown IANA time zone '\(zone.prefix(80))'"
            }
        }
    }

    public let pool: DatabasePool
    /// The server database's own path.
    public let path: String
    /// The folder person files are relative to.
    public let folder: String
    /// Named tokens, each belonging to a person.
    public let tokens: TokenStore

    init(pool: DatabasePool, path: String) {
        self.pool = pool
        self.path = path
        self.folder = ServerDatabase.folder(of: path)
        self.tokens = TokenStore(pool: pool)
    }

    /// `data/health.sqlite` → `data/health.server.sqlite` (a name without `.sqlite` gets the suffix appended).
    public static func path(forDatabase databasePath: String) -> String {
        let base = databasePath.hasSuffix(".sqlite") ? String(databasePath.dropLast(".sqlite".count)) : databasePath
        return base + ".server.sqlite"
    }

    /// The folder of a file path (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Opens (creating when needed) the server database beside `databasePath` and, when it
    /// has no people yet, makes that database the first person. `userID` (the configured
    /// `--user-id`) wins over the id stored in the database for that first person.
    public static func open(databasePath: String, userID: String? = nil, nowMs: Int64,
                            configuration: DatabaseConfiguration = .init()) throws -> ServerDatabase {
        let path = path(forDatabase: databasePath)
        StoreOpener.makeDirectories(folder(of: path))
        var small = configuration
        // Tokens and people only: one reader and a small cache are plenty.
        small.readerCount = 1
        small.cacheSizeKiB = 2 * 1024
        small.readerCacheSizeKiB = 1024
        small.checkpointInBackground = false
        let pool = try DatabasePool(path: path, configuration: small)
        do {
            _ = try ServerSchema.migrator.migrateSync(pool)
            let server = ServerDatabase(pool: pool, path: path)
            try server.adoptIfEmpty(databasePath: databasePath, userID: userID, nowMs: nowMs)
            return server
        } catch {
            pool.close()
            throw error
        }
    }

    /// Closes the server database's connections.
    public func close() { pool.close() }

    /// Registers the database the server is pointed at as the first person, when there is
    /// nobody yet: its user id (or `userID`, or a new one) and its tokens, which are moved
    /// (a copy left behind would bring a token revoked later back, were the server
    /// database ever made anew).
    func adoptIfEmpty(databasePath: String, userID: String?, nowMs: Int64) throws {
        guard try pool.readSync({ db in try db.queryFirst("SELECT 1 FROM people LIMIT 1", []) { _ in true } }) == nil else { return }
        var storedID: String?
        var storedTokens: [(name: String, hash: String, scopes: String, createdMs: Int64)] = []
        if FileManager.default.fileExists(atPath: databasePath) {
            let primary = try DatabasePool(path: databasePath, configuration: ServerDatabase.briefConfiguration)
            defer { primary.close() }
            (storedID, storedTokens) = try primary.readSync { db in
                let tables = Set(try db.query("SELECT name FROM sqlite_master WHERE type = 'table'", []) { $0.text(0) })
                let id = tables.contains("settings")
                    ? try db.queryFirst("SELECT value FROM settings WHERE key = ?", [.text(UserIdentity.settingKey)]) { $0.text(0) } : nil
                let tokens = tables.contains("api_tokens")
                    ? try db.query("SELECT name, token_hash, scopes, created_ms FROM api_tokens ORDER BY name", []) {
                        (name: $0.text(0), hash: $0.text(1), scopes: $0.text(2), createdMs: $0.int64(3))
                    } : []
                return (id, tokens)
            }
        }
        let id = (userID ?? storedID ?? UserIdentity.randomUUID()).lowercased()
        let file = ServerDatabase.fileName(of: databasePath)
        let tokens = storedTokens
        let adopted = try pool.writeSync { db -> Bool in
            guard try db.queryFirst("SELECT 1 FROM people LIMIT 1", [], { _ in true }) == nil else { return false }
            try db.run("INSERT INTO people (id, name, file, created_ms) VALUES (?, ?, ?, ?)",
                       [.text(id), .text(ServerDatabase.firstPersonName), .text(file), .integer(nowMs)])
            for token in tokens {
                try db.run("INSERT OR IGNORE INTO api_tokens (name, person_id, token_hash, scopes, created_ms) VALUES (?, ?, ?, ?, ?)",
                           [.text(token.name), .text(id), .text(token.hash), .text(token.scopes), .integer(token.createdMs)])
            }
            return true
        }
        // Only once the server database holds them: a cut-off adoption never loses a token.
        guard adopted, !tokens.isEmpty else { return }
        let primary = try DatabasePool(path: databasePath, configuration: ServerDatabase.briefConfiguration)
        defer { primary.close() }
        try primary.writeSync { db in try db.run("DELETE FROM api_tokens", []) }
    }

    /// For a short look into the database being adopted.
    static let briefConfiguration: DatabaseConfiguration = {
        var configuration = DatabaseConfiguration()
        configuration.readerCount = 1
        configuration.checkpointInBackground = false
        return configuration
    }()

    /// The name the adopted database's person gets (`healthd person rename` changes it).
    public static let firstPersonName = "me"

    static let columns = "id, name, file, created_ms, timezone, source_priority"

    static func person(_ row: Row) -> Person {
        Person(id: row.text(0), name: row.text(1), file: row.text(2), createdMs: row.int64(3),
               timezone: row.optionalText(4), sourcePriority: row.optionalText(5))
    }

    /// Everyone, the first person first.
    public func people() throws -> [Person] {
        try pool.readSync { db in try db.query("SELECT \(ServerDatabase.columns) FROM people ORDER BY seq", [], ServerDatabase.person) }
    }

    /// Everyone, the first person first, on a reader connection.
    public func allPeople() async throws -> [Person] {
        try await pool.read { db in try db.query("SELECT \(ServerDatabase.columns) FROM people ORDER BY seq", [], ServerDatabase.person) }
    }

    /// The first person: whom an admin token acts for when it names nobody.
    public func firstPerson() throws -> Person {
        guard let first = try pool.readSync({ db in
            try db.queryFirst("SELECT \(ServerDatabase.columns) FROM people ORDER BY seq LIMIT 1", [], ServerDatabase.person)
        }) else { throw Failure.unknownPerson("(first)") }
        return first
    }

    /// The person with this name or id, read off the cooperative pool.
    public func person(named nameOrID: String) async throws -> Person? {
        try await pool.read { db in try ServerDatabase.lookUp(nameOrID, in: db) }
    }

    /// The person with this name or id.
    public func personSync(named nameOrID: String) throws -> Person? {
        try pool.readSync { db in try ServerDatabase.lookUp(nameOrID, in: db) }
    }

    static func lookUp(_ nameOrID: String, in db: Database) throws -> Person? {
        try db.queryFirst("SELECT \(columns) FROM people WHERE name = ? OR id = ?", [.text(nameOrID), .text(nameOrID.lowercased())], person)
    }

    /// The absolute (or `--db`-relative) path of a person's file.
    public func path(of person: Person) -> String {
        folder + "/" + person.file
    }

    /// Adds a person with a new id and a file of their own under `people/` (created on
    /// first use). `id` is for tests that need a known one.
    @discardableResult
    public func add(name: String, nowMs: Int64, timezone: String? = nil, sourcePriority: String? = nil, id: String? = nil) throws -> Person {
        guard Person.isValidName(name) else { throw Failure.invalidName(name) }
        if let timezone, TimeZone(identifier: timezone) == nil { throw Failure.invalidTimezone(timezone) }
        let id = (id ?? UserIdentity.randomUUID()).lowercased()
        let person = Person(id: id, name: name, file: "people/\(id).sqlite", createdMs: nowMs, timezone: timezone, sourcePriority: sourcePriority)
        let added = try pool.writeSync { db -> Bool in
            if try db.queryFirst("SELECT 1 FROM people WHERE name = ?", [.text(name)], { _ in true }) != nil { return false }
            try db.run("INSERT INTO people (id, name, file, created_ms, timezone, source_priority) VALUES (?, ?, ?, ?, ?, ?)",
                       [.text(id), .text(name), .text(person.file), .integer(nowMs),
                        timezone.map(SQLiteValue.text) ?? .null, sourcePriority.map(SQLiteValue.text) ?? .null])
            return true
        }
        guard added else { throw Failure.duplicateName(name) }
        return person
    }

    /// Changes a person's name, time zone or source priority (nil leaves one as it is; an
    /// empty string clears a setting back to the server's).
    @discardableResult
    public func update(name: String, newName: String? = nil, timezone: String? = nil, sourcePriority: String? = nil) throws -> Person {
        if let newName, !Person.isValidName(newName) { throw Failure.invalidName(newName) }
        if let timezone, !timezone.isEmpty, TimeZone(identifier: timezone) == nil { throw Failure.invalidTimezone(timezone) }
        return try pool.writeSync { db -> Person in
            guard var person = try ServerDatabase.lookUp(name, in: db) else { throw Failure.unknownPerson(name) }
            if let newName, newName != person.name {
                if try db.queryFirst("SELECT 1 FROM people WHERE name = ?", [.text(newName)], { _ in true }) != nil { throw Failure.duplicateName(newName) }
                person.name = newName
            }
            if let timezone { person.timezone = timezone.isEmpty ? nil : timezone }
            if let sourcePriority { person.sourcePriority = sourcePriority.isEmpty ? nil : sourcePriority }
            try db.run("UPDATE people SET name = ?, timezone = ?, source_priority = ? WHERE id = ?",
                       [.text(person.name), person.timezone.map(SQLiteValue.text) ?? .null,
                        person.sourcePriority.map(SQLiteValue.text) ?? .null, .text(person.id)])
            return person
        }
    }

    /// Removes a person and their tokens (their requests are refused from then on) and
    /// returns them; the caller deletes their file. The first person cannot be removed.
    @discardableResult
    public func remove(name: String) throws -> Person {
        try pool.writeSync { db -> Person in
            guard let person = try ServerDatabase.lookUp(name, in: db) else { throw Failure.unknownPerson(name) }
            let first = try db.queryFirst("SELECT id FROM people ORDER BY seq LIMIT 1", []) { $0.text(0) }
            guard first != person.id else { throw Failure.firstPerson(person.name) }
            try db.run("DELETE FROM api_tokens WHERE person_id = ?", [.text(person.id)])
            try db.run("DELETE FROM people WHERE id = ?", [.text(person.id)])
            return person
        }
    }
}
