import Foundation
import Testing
@testable import HealthAPI
@testable import HealthCLI
import HealthStore

/// The backup, restore, export, import and verify commands as a person runs them.
@Suite struct BackupCommandTests {
    let clock = AppClock.fixed(1_775_822_400_000)

    @Test func backupRestoreExportImportAndVerifyAgree() throws {
        let directory = NSTemporaryDirectory() + "healthd-backup-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = directory + "/health.sqlite"
        #expect(DemoCommand.run(["--db", source, "--days", "10"], environment: [:], clock: clock) == 0)

        #expect(BackupCommand.run(["--db", source, "--to", directory + "/backup.sqlite", "--pages-per-step", "8"], environment: [:]) == 0)
        #expect(!FileManager.default.fileExists(atPath: directory + "/backup.sqlite.partial"))
        #expect(BackupCommand.run(["--db", source], environment: [:]) == 2, "--to is required")
        #expect(BackupCommand.run(["--db", directory + "/none.sqlite", "--to", directory + "/x.sqlite"], environment: [:]) == 1)

        // Restore refuses to replace a database that holds data, unless forced.
        #expect(RestoreCommand.run(["--from", directory + "/backup.sqlite", "--db", source], environment: [:]) == 1)
        #expect(RestoreCommand.run(["--from", directory + "/backup.sqlite", "--db", source, "--force"], environment: [:]) == 0)
        #expect(RestoreCommand.run(["--from", directory + "/backup.sqlite", "--db", directory + "/restored.sqlite"], environment: [:]) == 0)
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: directory + "/junk.sqlite"))
        #expect(RestoreCommand.run(["--from", directory + "/junk.sqlite", "--db", directory + "/other.sqlite"], environment: [:]) != 0)

        #expect(ExportCommand.run(["--db", source, "--to", directory + "/export"], environment: [:]) == 0)
        #expect(JSONLinesExport.isExport(path: directory + "/export"))
        let imported = directory + "/imported.sqlite"
        #expect(ImportCommandRunner.run(["import", directory + "/export", "--db", imported]) == 0)

        for path in [source, directory + "/restored.sqlite", imported] {
            #expect(VerifyCommand.run(["--db", path], environment: [:]) == 0, "\(path) verifies")
        }
        let counts = try [source, directory + "/restored.sqlite", imported].map { path -> [Int64] in
            let opened = try StoreOpener.open(path: path, priority: .default, nowMs: clock.now())
            defer { opened.store.pool.close() }
            return try opened.store.pool.readSync { db in
                [try db.queryFirst("SELECT count(*) FROM samples", []) { $0.int64(0) } ?? -1,
                 try db.queryFirst("SELECT count(*) FROM day_aggregates", []) { $0.int64(0) } ?? -1,
                 try db.queryFirst("SELECT CAST(total(value) * 1000 AS INTEGER) FROM day_aggregates", []) { $0.int64(0) } ?? -1]
            }
        }
        #expect(counts[0] == counts[1] && counts[0] == counts[2], "\(counts)")
        #expect(counts[0][0] > 1000)
    }

    @Test func theServerRaisesItsOpenFileLimitOrSaysWhyNot() {
        #expect(OpenFileLimit.raise(forConnections: 16) == nil)
        let warning = OpenFileLimit.raise(forConnections: 1 << 40)
        #expect(warning?.contains("--max-connections \(1 << 40)") == true)
    }
}

/// Runs `healthd import` synchronously for a test (the command is async).
enum ImportCommandRunner {
    static func run(_ arguments: [String]) -> Int32 {
        let done = DispatchSemaphore(value: 0)
        let result = ResultHolder()
        Task.detached {
            result.value = await CommandLineTool.run(arguments, environment: [:])
            done.signal()
        }
        done.wait()
        return result.value
    }

    final class ResultHolder: @unchecked Sendable { var value: Int32 = -1 }
}
