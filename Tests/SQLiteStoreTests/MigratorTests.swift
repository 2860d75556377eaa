import Locking
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

    /// Moves the rows of `source` into `target` two per step, deleting what it copied, so
    /// the database itself says where a later step (or a later run) carries on.
    private func movingMigrator(failAfterSteps: Int? = nil, counter: Locked<Int> = Locked(0)) -> Migrator {
        var migrator = Migrator()
        migrator.register(1, "source") { db in
            try db.execute("CREATE TABLE source(x INTEGER PRIMARY KEY); CREATE TABLE target(x INTEGER PRIMARY KEY)")
            for x in 1...7 { try db.run("INSERT INTO source VALUES (?)", [.integer(Int64(x))]) }
        }
        migrator.registerStepped(2, "move") { db -> MigrationStep in
            let steps = counter.withLock { count -> Int in
                count += 1
                return count
            }
            try db.execute("INSERT INTO target SELECT x FROM source ORDER BY x LIMIT 2; DELETE FROM source WHERE x IN (SELECT x FROM target)")
            if let failAfterSteps, steps > failAfterSteps { throw Boom() }
            let left = try db.queryFirst("SELECT count(*) FROM source") { $0.int64(0) } ?? 0
            let moved = try db.queryFirst("SELECT count(*) FROM target") { $0.int64(0) } ?? 0
            return left == 0 ? .done : .more(done: moved, total: moved + left, unit: "rows")
        }
        return migrator
    }

    @Test func steppedMigrationCommitsEachStepAndReportsProgress() async throws {
        try await withPool { pool in
            let reports = Locked<[MigrationProgress]>([])
            let applied = try await movingMigrator().migrate(pool) { progress in reports.withLock { $0.append(progress) } }
            #expect(applied == [1, 2])
            #expect(reports.withLock { $0.map(\.done) } == [2, 4, 6])
            #expect(reports.withLock { $0.allSatisfy { $0.total == 7 && $0.version == 2 && $0.name == "move" && $0.unit == "rows" } })
            let moved = try await pool.read { try $0.query("SELECT x FROM target ORDER BY x") { $0.int64(0) } }
            #expect(moved == [1, 2, 3, 4, 5, 6, 7])
            #expect(try await pool.read { try Migrator.appliedVersions($0) } == [1, 2])
            #expect(try await pool.read { try movingMigrator().pendingVersions($0) } == [])
        }
    }

    @Test func interruptedSteppedMigrationResumesWhereItStopped() async throws {
        try await withPool { pool in
            // The third step fails: two steps stay committed, the version is not recorded.
            await #expect(throws: Boom()) { try await movingMigrator(failAfterSteps: 2).migrate(pool) }
            let state = try await pool.read { db in
                (try db.query("SELECT x FROM target ORDER BY x") { $0.int64(0) }, try Migrator.appliedVersions(db))
            }
            #expect(state.0 == [1, 2, 3, 4])
            #expect(state.1 == [1])
            #expect(try await pool.read { try movingMigrator().pendingVersions($0) } == [2])
            // A new run carries on from the committed steps.
            let counter = Locked(0)
            #expect(try await movingMigrator(counter: counter).migrate(pool) == [2])
            #expect(counter.withLock { $0 } == 2)
            let moved = try await pool.read { try $0.query("SELECT x FROM target ORDER BY x") { $0.int64(0) } }
            #expect(moved == [1, 2, 3, 4, 5, 6, 7])
        }
    }
}
