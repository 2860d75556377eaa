import Testing
@testable import SQLiteStore

private struct Boom: Error, Equatable {}

@Suite struct MigratorTests {
    private func migrator(upTo last: Int, failing: Int? = nil) -> Migrator {
        var migrator = Migrator()
        // Registered out of order on purpose: they run by version.
        for version in (1...last).reversed() {
            migrator.register(version, "step \(version)") { db in
                try db.run("CREATE TABLE IF NOT EXISTS log(version INTEGER)")
                try db.run("INSERT INTO log VALUES (?)", [.integer(Int64(version))])
                try db.execute("CREATE TABLE t\(version)(x)")
                if version == failing { throw Boom() }
            }
        }
        return migrator
    }

    private func log(_ pool: DatabasePool) async throws -> [Int64] {
        try await pool.read { try $0.query("SELECT version FROM log ORDER BY rowid") { $0.int64(0) } }
    }

    @Test func appliesInOrderOnce() async throws {
        try await withPool { pool in
            #expect(try await migrator(upTo: 3).migrate(pool) == [1, 2, 3])
            #expect(try await migrator(upTo: 3).migrate(pool) == [])
            #expect(try await log(pool) == [1, 2, 3])
            #expect(try await migrator(upTo: 4).migrate(pool) == [4])
            let recorded = try await pool.read { try Migrator.appliedVersions($0) }
            #expect(recorded == [1, 2, 3, 4])
            let name = try await pool.read { try $0.queryFirst("SELECT name FROM schema_migrations WHERE version = 2") { $0.text(0) } }
            #expect(name == "step 2")
        }
    }

    @Test func failingMigrationRollsBack() async throws {
        try await withPool { pool in
            await #expect(throws: Boom()) { try await migrator(upTo: 3, failing: 2).migrate(pool) }
            // Version 1 committed; version 2 left neither its table nor its record.
            #expect(try await log(pool) == [1])
            let state = try await pool.read { db in
                (try Migrator.appliedVersions(db),
                 try db.queryFirst("SELECT count(*) FROM sqlite_schema WHERE name = 't2'") { $0.int64(0) })
            }
            #expect(state.0 == [1])
            #expect(state.1 == 0)
            // Fixed, the rest applies.
            #expect(try await migrator(upTo: 3).migrate(pool) == [2, 3])
        }
    }

    @Test func newerDatabaseIsRefused() async throws {
        try await withPool { pool in
            try await migrator(upTo: 3).migrate(pool)
            await #expect(throws: MigrationError.databaseIsNewer(recorded: 3, latestKnown: 2)) {
                try await migrator(upTo: 2).migrate(pool)
            }
            #expect(try await log(pool) == [1, 2, 3])
        }
    }

    @Test func foreignKeyViolationsAreRefused() async throws {
        try await withPool { pool in
            var migrator = Migrator()
            migrator.register(1, "parent and child") { db in
                try db.execute("""
                    CREATE TABLE parent(id INTEGER PRIMARY KEY);
                    CREATE TABLE child(parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                    INSERT INTO child VALUES (42);
                    """)
            }
            await #expect(throws: MigrationError.foreignKeyViolation(version: 1, table: "child")) {
                try await migrator.migrate(pool)
            }
        }
    }

    @Test func migrateSyncOutsideConcurrency() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("sync.sqlite").path
            // Run the blocking API on a plain thread, as a command-line tool would.
            let applied = try await runOnThread {
                let pool = try DatabasePool(path: path)
                defer { pool.close() }
                let applied = try migrator(upTo: 2).migrateSync(pool)
                let count = try pool.readSync { try $0.queryFirst("SELECT count(*) FROM log") { $0.int64(0) } }
                #expect(count == 2)
                return applied
            }
            #expect(applied == [1, 2])
        }
    }
}
