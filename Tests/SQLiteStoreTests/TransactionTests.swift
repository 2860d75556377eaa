import Foundation
import Testing
@testable import SQLiteStore

private struct Boom: Error, Equatable {}

@Suite struct TransactionTests {
    @Test func writeCommits() async throws {
        try await withPool { pool in
            try await createItems(pool)
            let inTransaction = try await pool.write { db in
                try db.run("INSERT INTO item(name) VALUES (?)", [.text("a")])
                #expect(db.changes == 1)
                #expect(db.lastInsertRowID == 1)
                return db.isInTransaction
            }
            #expect(inTransaction)
            #expect(try await pool.read(itemCount) == 1)
        }
    }

    @Test func throwingWriteRollsBackAndRethrows() async throws {
        try await withPool { pool in
            try await createItems(pool)
            try await pool.write { try $0.run("INSERT INTO item(name) VALUES ('kept')") }
            await #expect(throws: Boom()) {
                try await pool.write { db in
                    try db.run("INSERT INTO item(name) VALUES ('gone')")
                    try db.run("UPDATE item SET name = 'changed'")
                    throw Boom()
                }
            }
            let names = try await pool.read { db in
                try db.query("SELECT name FROM item ORDER BY id") { $0.text(0) }
            }
            #expect(names == ["kept"])
            // The writer is usable again and not left inside a transaction.
            let open = try await pool.writeWithoutTransaction { $0.isInTransaction }
            #expect(!open)
        }
    }

    @Test func writeTakesTheWriteLockImmediately() async throws {
        try await withPool { pool in
            try await createItems(pool)
            // A second, independent connection must not get the write lock
            // while a write job runs, even before the job has written anything.
            let path = pool.path
            let otherWriterError = try await pool.write { _ -> SQLiteError? in
                var configuration = DatabaseConfiguration()
                configuration.busyTimeoutMilliseconds = 0
                let other = try Database(path: path, role: .writer, configuration: configuration)
                defer { other.close() }
                do {
                    try other.execute("BEGIN IMMEDIATE")
                    try other.execute("ROLLBACK")
                    return nil
                } catch let error as SQLiteError {
                    return error
                }
            }
            #expect(otherWriterError?.isBusy == true)
        }
    }

    @Test func concurrentWritesSerialize() async throws {
        try await withPool { pool in
            try await pool.writeWithoutTransaction { db in
                try db.execute("CREATE TABLE counter(value INTEGER NOT NULL); INSERT INTO counter VALUES (0)")
            }
            // Read-modify-write with a pause in between: only serialized
            // transactions get every increment.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await pool.write { db in
                            let value = try db.queryFirst("SELECT value FROM counter") { $0.int64(0) } ?? 0
                            usleep(2_000)
                            try db.run("UPDATE counter SET value = ?", [.integer(value + 1)])
                        }
                    }
                }
                try await group.waitForAll()
            }
            let value = try await pool.read { try $0.queryFirst("SELECT value FROM counter") { $0.int64(0) } }
            #expect(value == 8)
        }
    }

    @Test func readerDuringWriteSeesPreviousSnapshot() async throws {
        try await withPool { pool in
            try await createItems(pool)
            try await pool.write { try $0.run("INSERT INTO item(name) VALUES ('old')") }
            let seenDuringWrite = try await pool.write { db in
                try db.run("INSERT INTO item(name) VALUES ('new')")
                // A reader runs while this write transaction is still open:
                // WAL lets it proceed and it sees the last commit only.
                return try pool.readSync(itemCount)
            }
            #expect(seenDuringWrite == 1)
            #expect(try await pool.read(itemCount) == 2)
        }
    }

    @Test func aStartedReadGivesItsResultOrItsErrorWhenWaitedFor() async throws {
        try await withPool { pool in
            try await createItems(pool)
            try await pool.write { try $0.run("INSERT INTO item(name) VALUES ('a')") }
            let count = try pool.startRead(itemCount)
            let refused = try pool.startRead { try $0.run("INSERT INTO item(name) VALUES ('nope')") }
            #expect(try count.wait() == 1)
            #expect(throws: SQLiteError.self) { try refused.wait() }
        }
    }

    @Test func readSeesOneSnapshotAcrossQueries() async throws {
        try await withPool { pool in
            try await createItems(pool)
            let counts = try await pool.read { db in
                let before = try itemCount(db)
                // A write commits between the two queries of this read.
                try pool.writeSync { try $0.run("INSERT INTO item(name) VALUES ('x')") }
                let after = try itemCount(db)
                return (before, after)
            }
            #expect(counts.0 == 0)
            #expect(counts.1 == 0)
            #expect(try await pool.read(itemCount) == 1)
        }
    }

    @Test func readerRefusesWrites() async throws {
        try await withPool { pool in
            try await createItems(pool)
            let error = await sqliteError {
                try await pool.read { try $0.run("INSERT INTO item(name) VALUES ('nope')") }
            }
            #expect(error?.extendedCode == SQLiteError.readOnly)
            #expect(error?.isReadOnly == true)
            #expect(try await pool.read(itemCount) == 0)
        }
    }

    @Test func savepointRollsBackOnlyItsPart() async throws {
        try await withPool { pool in
            try await createItems(pool)
            try await pool.write { db in
                try db.run("INSERT INTO item(name) VALUES ('1')")
                #expect(throws: Boom()) {
                    try db.savepoint("inner") {
                        try db.run("INSERT INTO item(name) VALUES ('2')")
                        throw Boom()
                    }
                }
                let value = try db.savepoint("with \"quotes\"") {
                    try db.run("INSERT INTO item(name) VALUES ('3')")
                    return 42
                }
                #expect(value == 42)
                #expect(db.isInTransaction)
            }
            let names = try await pool.read { try $0.query("SELECT name FROM item ORDER BY id") { $0.text(0) } }
            #expect(names == ["1", "3"])
        }
    }
}
