import Foundation
import Testing
@testable import SQLiteStore

@Suite struct CheckpointerTests {
    /// Past the threshold, checkpoints happen on the checkpointer's thread while writes
    /// go on, and every committed row stays visible.
    @Test func walIsCheckpointedInTheBackground() async throws {
        try await withPool({ $0.walAutocheckpointPages = 8 }) { pool in
            try await pool.write { db in try db.execute("CREATE TABLE t (v BLOB NOT NULL)") }
            for i in 0..<200 {
                // ~8 KB per row: a couple of pages per commit, so the threshold is crossed often.
                try await pool.write { db in try db.run("INSERT INTO t (v) VALUES (?)", [.blob([UInt8](repeating: UInt8(i % 251), count: 8_000))]) }
            }
            let checkpointer = try #require(pool.checkpointer)
            for _ in 0..<400 where checkpointer.completedCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
            #expect(checkpointer.completedCount > 0)
            let count = try await pool.read { db in try db.queryFirst("SELECT count(*) FROM t", []) { $0.int64(0) } }
            #expect(count == 200)
        }
    }

    @Test func belowTheThresholdNothingIsQueued() {
        let checkpointer = Checkpointer(thresholdPages: 100)
        checkpointer.walGrew(toPages: 99)
        #expect(checkpointer.completedCount == 0)
    }
}
