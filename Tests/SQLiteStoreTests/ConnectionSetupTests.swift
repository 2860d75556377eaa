import Foundation
import Testing
@testable import SQLiteStore

@Suite struct ConnectionSetupTests {
    @Test func writerPragmas() async throws {
        try await withPool({ $0.busyTimeoutMilliseconds = 1_234; $0.cacheSizeKiB = 8_192 }) { pool in
            let pragmas = try await pool.writeWithoutTransaction { db in
                (
                    journal: try db.queryFirst("PRAGMA journal_mode") { $0.text(0) },
                    synchronous: try db.queryFirst("PRAGMA synchronous") { $0.int64(0) },
                    foreignKeys: try db.queryFirst("PRAGMA foreign_keys") { $0.int64(0) },
                    busyTimeout: try db.queryFirst("PRAGMA busy_timeout") { $0.int64(0) },
                    cacheSize: try db.queryFirst("PRAGMA cache_size") { $0.int64(0) },
                    autocheckpoint: try db.queryFirst("PRAGMA wal_autocheckpoint") { $0.int64(0) },
                    tempStore: try db.queryFirst("PRAGMA temp_store") { $0.int64(0) }
                )
            }
            #expect(pragmas.journal == "wal")
            #expect(pragmas.synchronous == 1)  // NORMAL: group sync flushes before a write returns
            #expect(pragmas.foreignKeys == 1)
            #expect(pragmas.busyTimeout == 1_234)
            #expect(pragmas.cacheSize == -8_192)
            // Checkpoints run in the background: the writer's own automatic checkpoint is off.
            #expect(pragmas.autocheckpoint == 0)
            #expect(pragmas.tempStore == 2)  // MEMORY
        }
    }

    /// Without the background checkpointer the writer still checkpoints past the
    /// threshold, whether or not the group syncer's hook replaced SQLite's own.
    @Test(arguments: [Durability.groupSync, .syncInCommit])
    func writerCheckpointsWhenNotInBackground(durability: Durability) async throws {
        try await withPool({ $0.checkpointInBackground = false; $0.walAutocheckpointPages = 8; $0.durability = durability }) { pool in
            #expect(pool.checkpointer == nil)
            try await pool.write { db in try db.execute("CREATE TABLE t (v BLOB NOT NULL)") }
            for i in 0..<50 {
                // ~8 KB per row: a few pages per commit, 100 and more in all.
                try await pool.write { db in try db.run("INSERT INTO t (v) VALUES (?)", [.blob([UInt8](repeating: UInt8(i), count: 8_000))]) }
            }
            // Column 1 is the WAL's size in frames: had nothing checkpointed and restarted
            // the log, it would hold every page written above.
            let frames = try await pool.writeWithoutTransaction { db in
                try db.queryFirst("PRAGMA wal_checkpoint(PASSIVE)") { $0.int64(1) }
            }
            #expect((frames ?? .max) < 40)
        }
    }

    @Test func readerPragmas() async throws {
        try await withPool { pool in
            let pragmas = try await pool.read { db in
                (
                    journal: try db.queryFirst("PRAGMA journal_mode") { $0.text(0) },
                    foreignKeys: try db.queryFirst("PRAGMA foreign_keys") { $0.int64(0) },
                    queryOnly: try db.queryFirst("PRAGMA query_only") { $0.int64(0) },
                    busyTimeout: try db.queryFirst("PRAGMA busy_timeout") { $0.int64(0) },
                    readOnly: db.isReadOnly
                )
            }
            #expect(pragmas.journal == "wal")
            #expect(pragmas.foreignKeys == 1)
            #expect(pragmas.queryOnly == 1)
            #expect(pragmas.busyTimeout == 5_000)
            #expect(pragmas.readOnly)
        }
    }

    @Test(arguments: [(Durability.syncInCommit, Int64(2)), (.noSyncBeforeReturn, 1), (.groupSync, 1)])
    func synchronousFollowsDurability(durability: Durability, expected: Int64) async throws {
        try await withPool({ $0.durability = durability }) { pool in
            let synchronous = try await pool.writeWithoutTransaction { db in
                try db.queryFirst("PRAGMA synchronous") { $0.int64(0) }
            }
            #expect(synchronous == expected)
            #expect((pool.syncer != nil) == (durability == .groupSync))
        }
    }

    @Test func createsParentDirectoryAndFile() async throws {
        try await withPool { pool in
            #expect(FileManager.default.fileExists(atPath: pool.path))
        }
    }

    @Test func memoryDatabaseIsRefused() {
        #expect(throws: SQLiteError.self) { try DatabasePool(path: ":memory:") }
    }

    @Test func jobsRunOnPoolThreads() async throws {
        try await withPool { pool in
            let writerThread = try await pool.write { _ in poolThreadName }
            let readerThread = try await pool.read { _ in poolThreadName }
            #expect(writerThread == "sqlite.write")
            #expect(readerThread?.hasPrefix("sqlite.read.") == true)
            #expect(poolThreadName == nil)
        }
    }
}
