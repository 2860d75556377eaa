import Foundation
import HealthDomain
import Testing
@testable import HealthAPI
@testable import HealthCLI
import HealthStore

@Suite struct DemoCommandTests {
    /// 2026-04-10T12:00:00Z, so the history ends 2026-04-09.
    let clock = AppClock.fixed(1_775_822_400_000)

    func temporaryDatabase() -> (directory: String, path: String) {
        let directory = NSTemporaryDirectory() + "healthd-demo-\(UUID().uuidString)"
        return (directory, directory + "/demo.sqlite")
    }

    @Test func fillsAnEmptyDatabaseAndRefusesASecondRunWithoutForce() throws {
        let (directory, path) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: directory) }

        #expect(DemoCommand.run(["--db", path, "--days", "20"], environment: [:], clock: clock) == 0)

        let opened = try StoreOpener.open(path: path, priority: .default, nowMs: clock.now())
        let counts = try opened.store.pool.readSync { db in
            let samples = try db.queryFirst("SELECT count(*) FROM samples", []) { $0.int64(0) } ?? 0
            let stepDays = try db.query("SELECT day FROM day_aggregates WHERE metric = 'step_count' ORDER BY day", []) { $0.int64(0) }
            let sleepDays = try db.queryFirst("SELECT count(*) FROM day_aggregates WHERE metric = 'sleep_segment'", []) { $0.int64(0) } ?? 0
            return (samples, stepDays, sleepDays)
        }
        opened.store.pool.close()
        #expect((18_000...30_000).contains(counts.0))
        // Twenty days plus, at most, the hour after midnight before the last bedtime.
        #expect((20...21).contains(counts.1.count))
        #expect(counts.1.first == Int64(DayKey("2026-03-21")!.ordinal))
        #expect(counts.2 == 20)

        #expect(DemoCommand.run(["--db", path, "--days", "20"], environment: [:], clock: clock) == 2)
        // With --force the same (deterministic) history is re-sent: every sample is unchanged.
        #expect(DemoCommand.run(["--db", path, "--days", "2", "--force"], environment: [:], clock: clock) == 0)
    }

    @Test func parsesOptionsAndRejectsBadOnes() throws {
        let options = try DemoCommand.parse(["--db=x.sqlite", "--days", "5", "--seed", "42", "--force",
                                             "--source-priority", "iphone,watch"], environment: [:])
        #expect(options == DemoCommand.Options(databasePath: "x.sqlite", days: 5, seed: 42,
                                                sourcePriority: "iphone,watch", force: true))
        #expect(try DemoCommand.parse(["--db", "x"], environment: [:]).days == 730)
        for bad in [["--days", "5"], ["--db", "x", "--days", "0"], ["--db", "x", "--days", "36501"],
                    ["--db", "x", "--seed", "-1"], ["--db", "x", "--bogus"], ["--db"]] {
            #expect(throws: ServeOptions.UsageError.self) { try DemoCommand.parse(bad, environment: [:]) }
        }
        #expect(DemoCommand.run(["--days", "abc"], environment: [:]) == 2)
    }
}
