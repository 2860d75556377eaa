/// Versioned schema migrations, recorded in the database and applied once each, in order.
///
/// Applied versions are recorded in the table `schema_migrations` (version,
/// name, time), which also documents the schema history for anyone opening
/// the file. Each pending migration runs in its own `BEGIN IMMEDIATE`
/// transaction together with its record, so a failing migration leaves
/// neither changes nor a record behind
/// (https://sqlite.org/lang_transaction.html). SQLite's DDL is transactional,
/// which is what makes this possible.
///
/// ```swift
/// var migrator = Migrator()
/// migrator.register(1, "create samples") { db in
///     try db.execute("CREATE TABLE sample(id INTEGER PRIMARY KEY, value REAL NOT NULL)")
/// }
/// try await migrator.migrate(pool)
/// ```
///
/// Foreign keys stay ON during migrations (the pragma cannot change inside a
/// transaction, https://sqlite.org/pragma.html#pragma_foreign_keys); after
/// each migration `PRAGMA foreign_key_check` must come back clean before it
/// commits.
public struct Migrator: Sendable {
    private struct Migration: Sendable {
        let version: Int
        let name: String
        let migrate: @Sendable (Database) throws -> Void
    }

    private var migrations: [Migration] = []

    /// Creates a migrator with no migrations.
    public init() {}

    /// The registered versions, ascending.
    public var versions: [Int] { migrations.map(\.version) }

    /// Registers a migration. Versions must be positive and unique; they are
    /// applied in ascending order whatever the registration order.
    public mutating func register(_ version: Int, _ name: String, _ migrate: @escaping @Sendable (Database) throws -> Void) {
        precondition(version > 0, "migration versions start at 1")
        precondition(!migrations.contains { $0.version == version }, "migration \(version) is registered twice")
        migrations.append(Migration(version: version, name: name, migrate: migrate))
        migrations.sort { $0.version < $1.version }
    }

    /// Applies the pending migrations on the pool's writer; returns the
    /// versions applied by this call (empty when the schema was current).
    @discardableResult
    public func migrate(_ pool: DatabasePool) async throws -> [Int] {
        try await pool.writeWithoutTransaction { db in try self.apply(db) }
    }

    /// Blocking ``migrate(_:)`` for code outside Swift concurrency.
    @discardableResult
    public func migrateSync(_ pool: DatabasePool) throws -> [Int] {
        try pool.writeWithoutTransactionSync { db in try self.apply(db) }
    }

    /// The versions recorded in the database, ascending.
    public static func appliedVersions(_ db: Database) throws -> [Int] {
        let exists = try db.queryFirst(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'"
        ) { _ in true } ?? false
        guard exists else { return [] }
        return try db.query("SELECT version FROM schema_migrations ORDER BY version") { Int($0.int64(0)) }
    }

    func apply(_ db: Database) throws -> [Int] {
        try db.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            )
            """)
        let latestKnown = migrations.last?.version ?? 0
        if let recorded = try Self.appliedVersions(db).last, recorded > latestKnown {
            throw MigrationError.databaseIsNewer(recorded: recorded, latestKnown: latestKnown)
        }
        var appliedNow: [Int] = []
        for migration in migrations {
            let applied = try db.inTransaction(.immediate) { db -> Bool in
                // Checked inside the write transaction: another process may
                // have applied it since we looked.
                let done = try db.queryFirst(
                    "SELECT 1 FROM schema_migrations WHERE version = ?",
                    [.integer(Int64(migration.version))]) { _ in true } ?? false
                guard !done else { return false }
                try migration.migrate(db)
                if let violation = try db.queryFirst("PRAGMA foreign_key_check", [], { $0.text(0) }) {
                    throw MigrationError.foreignKeyViolation(version: migration.version, table: violation)
                }
                try db.run(
                    "INSERT INTO schema_migrations(version, name) VALUES (?, ?)",
                    [.integer(Int64(migration.version)), .text(migration.name)])
                return true
            }
            if applied { appliedNow.append(migration.version) }
        }
        return appliedNow
    }
}
