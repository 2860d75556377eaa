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
/// A migration that converts a large table registers *steps* instead
/// (``registerStepped(_:_:step:)``): each step runs in a transaction of its own and does a
/// bounded amount of work, so the conversion never needs one transaction (and one
/// write-ahead log) the size of the table, reports its progress, and resumes after an
/// interruption at the last committed step. The version is recorded in the transaction
/// of the step that finishes it.
///
/// Foreign keys stay ON during migrations (the pragma cannot change inside a
/// transaction, https://sqlite.org/pragma.html#pragma_foreign_keys); after
/// each migration `PRAGMA foreign_key_check` must come back clean before it
/// commits.
public struct Migrator: Sendable {
    private struct Migration: Sendable {
        let version: Int
        let name: String
        /// One transaction's work; `.done` once the migration is complete.
        let step: @Sendable (Database) throws -> MigrationStep
    }

    private var migrations: [Migration] = []

    /// Creates a migrator with no migrations.
    public init() {}

    /// The registered versions, ascending.
    public var versions: [Int] { migrations.map(\.version) }

    /// Registers a migration. Versions must be positive and unique; they are
    /// applied in ascending order whatever the registration order.
    public mutating func register(_ version: Int, _ name: String, _ migrate: @escaping @Sendable (Database) throws -> Void) {
        registerStepped(version, name, step: { db in
            try migrate(db)
            return .done
        })
    }

    /// Registers a migration done in steps: `step` is called in a `BEGIN IMMEDIATE`
    /// transaction of its own, again and again, until it returns ``MigrationStep/done``;
    /// the version is recorded in that last transaction. Each step must find in the
    /// database itself where the previous one stopped (the steps of a killed run are
    /// committed up to the last one), so that a new run carries on from there.
    public mutating func registerStepped(_ version: Int, _ name: String, step: @escaping @Sendable (Database) throws -> MigrationStep) {
        precondition(version > 0, "migration versions start at 1")
        precondition(!migrations.contains { $0.version == version }, "migration \(version) is registered twice")
        migrations.append(Migration(version: version, name: name, step: step))
        migrations.sort { $0.version < $1.version }
    }

    /// Applies the pending migrations on the pool's writer; returns the
    /// versions applied by this call (empty when the schema was current).
    /// `progress` is called on the writer's thread after every step that leaves work to do.
    @discardableResult
    public func migrate(_ pool: DatabasePool, progress: @escaping @Sendable (MigrationProgress) -> Void = { _ in }) async throws -> [Int] {
        try await pool.writeWithoutTransaction { db in try self.apply(db, progress: progress) }
    }

    /// Blocking ``migrate(_:progress:)`` for code outside Swift concurrency.
    @discardableResult
    public func migrateSync(_ pool: DatabasePool, progress: @escaping @Sendable (MigrationProgress) -> Void = { _ in }) throws -> [Int] {
        try pool.writeWithoutTransactionSync { db in try self.apply(db, progress: progress) }
    }

    /// The registered versions the database has not recorded yet, ascending.
    public func pendingVersions(_ db: Database) throws -> [Int] {
        let applied = Set(try Self.appliedVersions(db))
        return versions.filter { !applied.contains($0) }
    }

    /// The versions recorded in the database, ascending.
    public static func appliedVersions(_ db: Database) throws -> [Int] {
        let exists = try db.queryFirst(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'"
        ) { _ in true } ?? false
        guard exists else { return [] }
        return try db.query("SELECT version FROM schema_migrations ORDER BY version") { Int($0.int64(0)) }
    }

    func apply(_ db: Database, progress: (MigrationProgress) -> Void = { _ in }) throws -> [Int] {
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
            var finished = false
            while !finished {
                let outcome = try db.inTransaction(.immediate) { db -> MigrationStep? in
                    // Checked inside the write transaction: another process may
                    // have applied it since we looked.
                    let done = try db.queryFirst(
                        "SELECT 1 FROM schema_migrations WHERE version = ?",
                        [.integer(Int64(migration.version))]) { _ in true } ?? false
                    guard !done else { return nil }
                    let outcome = try migration.step(db)
                    if let violation = try db.queryFirst("PRAGMA foreign_key_check", [], { $0.text(0) }) {
                        throw MigrationError.foreignKeyViolation(version: migration.version, table: violation)
                    }
                    if case .done = outcome {
                        try db.run(
                            "INSERT INTO schema_migrations(version, name) VALUES (?, ?)",
                            [.integer(Int64(migration.version)), .text(migration.name)])
                    }
                    return outcome
                }
                switch outcome {
                case nil:
                    finished = true
                case .done?:
                    appliedNow.append(migration.version)
                    finished = true
                case .more(let done, let total, let unit)?:
                    progress(MigrationProgress(version: migration.version, name: migration.name, done: done, total: total, unit: unit))
                }
            }
        }
        return appliedNow
    }
}
