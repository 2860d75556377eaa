import Foundation
import Testing
@testable import SQLiteStore

@Suite struct CloseTests {
    @Test func closedPoolRefusesWork() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("close.sqlite").path
            let pool = try DatabasePool(path: path)
            try await createItems(pool)
            pool.close()
            pool.close()  // a second close does nothing
            #expect(pool.isClosed)
            let writeError = await sqliteError { try await pool.write { _ in } }
            let readError = await sqliteError { _ = try await pool.read { _ in 1 } }
            #expect(writeError?.isMisuse == true)
            #expect(readError?.isMisuse == true)
            #expect(readError?.message.contains("closed") == true)
            #expect(throws: SQLiteError.self) { try pool.readSync { _ in 1 } }
        }
    }

    @Test func queuedJobsFinishAndFileReopens() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("reopen.sqlite").path
            let pool = try DatabasePool(path: path)
            try await createItems(pool)
            // Queue writes, then close while they may still be pending.
            let tasks = (0..<20).map { index in
                Task { try await pool.write { try $0.run("INSERT INTO item(name) VALUES (?)", [.text("\(index)")]) } }
            }
            for task in tasks { _ = await task.result }
            pool.close()
            // The last connection to close checkpointed and removed the WAL.
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

            let reopened = try DatabasePool(path: path)
            defer { reopened.close() }
            #expect(try await reopened.read(itemCount) == 20)
        }
    }

    @Test func closeDrainsAcceptedJobs() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("drain.sqlite").path
            let pool = try DatabasePool(path: path)
            try await createItems(pool)
            // A job that is running while close() is called still completes.
            let started = DispatchSemaphore(value: 0)
            let task = Task {
                try await pool.write { db in
                    started.signal()
                    usleep(50_000)
                    try db.run("INSERT INTO item(name) VALUES ('late')")
                }
            }
            try await runOnThread {
                started.wait()
                pool.close()
            }
            try await task.value
            let reopened = try DatabasePool(path: path)
            defer { reopened.close() }
            #expect(try await reopened.read(itemCount) == 1)
        }
    }

    @Test func droppingAnOpenPoolDoesNotCrash() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("drop.sqlite").path
            do {
                let pool = try DatabasePool(path: path)
                try await createItems(pool)
            }
            // The dropped pool's threads finish on their own; a new pool opens fine.
            let pool = try DatabasePool(path: path)
            defer { pool.close() }
            #expect(try await pool.read(itemCount) == 0)
        }
    }
}
