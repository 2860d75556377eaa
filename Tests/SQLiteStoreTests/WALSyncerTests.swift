import Foundation
import Locking
import Testing
@testable import SQLiteStore

@Suite struct WALSyncerTests {
    /// A write that committed returns only after a sync that finished after its commit.
    @Test func committedWriteWaitsForASync() async throws {
        try await withPool { pool in
            try await createItems(pool)
            let syncer = try #require(pool.syncer)
            for index in 0..<5 {
                let before = syncer.syncCount
                try await pool.write { db in try db.run("INSERT INTO item(name) VALUES (?)", [.text("n\(index)")]) }
                #expect(syncer.syncCount > before)
            }
            // The blocking variant waits the same way.
            let before = syncer.syncCount
            try await runOnThread { try pool.writeSync { db in try db.run("INSERT INTO item(name) VALUES ('sync')") } }
            #expect(syncer.syncCount > before)
        }
    }

    /// A write transaction that changed nothing, with every earlier commit already
    /// durable, returns without another sync.
    @Test func writeThatCommitsNothingNeedsNoSync() async throws {
        try await withPool { pool in
            try await createItems(pool)
            try await pool.write { db in try db.run("INSERT INTO item(name) VALUES ('a')") }
            let syncer = try #require(pool.syncer)
            let before = syncer.syncCount
            let count = try await pool.write { db in try itemCount(db) }
            #expect(count == 1)
            #expect(syncer.syncCount == before)
        }
    }

    /// Concurrent writes all return with their rows stored, and share syncs: never more
    /// syncs than writes.
    @Test func concurrentWritesShareSyncs() async throws {
        try await withPool { pool in
            try await createItems(pool)
            let syncer = try #require(pool.syncer)
            let before = syncer.syncCount
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask { try await pool.write { db in try db.run("INSERT INTO item(name) VALUES (?)", [.text("n\(index)")]) } }
                }
                try await group.waitForAll()
            }
            let syncs = syncer.syncCount - before
            #expect(syncs >= 1 && syncs <= 200)
            #expect(try await pool.read { db in try itemCount(db) } == 200)
        }
    }

    /// A sync that fails is reported to every waiting write as `SQLITE_IOERR_FSYNC`.
    @Test func failedSyncIsReported() async throws {
        // A path under a regular file: stat(2) fails with ENOTDIR.
        let syncer = WALSyncer(databasePath: "/dev/null/healthd.sqlite")
        defer { syncer.shutdown(wait: true) }
        syncer.noteCommit()
        let result = await withCheckedContinuation { continuation in
            syncer.whenDurable { continuation.resume(returning: $0) }
        }
        guard case .failure(let error) = result else {
            Issue.record("the sync of a WAL under /dev/null succeeded")
            return
        }
        #expect(error.extendedCode == SQLiteError.ioErrorFsync)
        #expect(error.message.contains("/dev/null/healthd.sqlite-wal"))
        #expect(syncer.syncCount == 0)
    }

    /// Once a flush failed, nothing is acknowledged any more, even when the file would
    /// flush again: the failed pages may have been dropped.
    @Test func aFailedFlushIsFinal() async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let database = directory.appendingPathComponent("looped.sqlite").path
            // A symbolic link to itself: stat(2) fails with ELOOP.
            try FileManager.default.createSymbolicLink(atPath: database + "-wal", withDestinationPath: database + "-wal")
            let syncer = WALSyncer(databasePath: database)
            defer { syncer.shutdown(wait: true) }
            func waitForDurable() async -> Result<Void, SQLiteError> {
                await withCheckedContinuation { continuation in syncer.whenDurable { continuation.resume(returning: $0) } }
            }
            syncer.noteCommit()
            guard case .failure(let first) = await waitForDurable() else {
                Issue.record("the flush through a looping link succeeded")
                return
            }
            #expect(first.extendedCode == SQLiteError.ioErrorFsync)
            // Without the link the file is simply absent, which alone would count as durable.
            try FileManager.default.removeItem(atPath: database + "-wal")
            syncer.noteCommit()
            guard case .failure(let later) = await waitForDurable() else {
                Issue.record("a write was acknowledged after a failed flush")
                return
            }
            #expect(later.message == first.message)
            // Even a write with no new commit is refused.
            guard case .failure = await waitForDurable() else {
                Issue.record("a write without commits was acknowledged after a failed flush")
                return
            }
            #expect(syncer.syncCount == 0)
        }
    }

    /// No WAL file means the last connection checkpointed and removed it: nothing to sync.
    @Test func missingWALFileCountsAsDurable() async throws {
        try await withTemporaryDirectory { directory in
            let syncer = WALSyncer(databasePath: directory.appendingPathComponent("absent.sqlite").path)
            defer { syncer.shutdown(wait: true) }
            syncer.noteCommit()
            let result = await withCheckedContinuation { continuation in
                syncer.whenDurable { continuation.resume(returning: $0) }
            }
            #expect((try? result.get()) != nil)
            #expect(syncer.syncCount == 1)
        }
    }

    /// After shutdown a waiting write still gets its sync, on its own thread.
    @Test func afterShutdownTheSyncRunsInline() async throws {
        try await withTemporaryDirectory { directory in
            let syncer = WALSyncer(databasePath: directory.appendingPathComponent("absent.sqlite").path)
            syncer.shutdown(wait: true)
            syncer.noteCommit()
            let calls = Locked(0)
            syncer.whenDurable { result in
                if case .success = result { calls.withLock { $0 += 1 } }
            }
            #expect(calls.withLock { $0 } == 1)
        }
    }
}
