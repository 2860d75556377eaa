import Foundation
import Testing
@testable import SQLiteStore

@Suite struct ConcurrencyTests {
    @Test func manyConcurrentReadsAndWritesComplete() async throws {
        try await withPool { pool in
            try await createItems(pool)
            let writes = 200
            let reads = 200
            let observed = try await withThrowingTaskGroup(of: (Int64?, Bool).self) { group in
                for index in 0..<writes {
                    group.addTask {
                        try await pool.write { db in
                            try db.run("INSERT INTO item(name) VALUES (?)", [.text("w\(index)")])
                            return (nil, poolThreadName == "sqlite.write")
                        }
                    }
                }
                for _ in 0..<reads {
                    group.addTask {
                        try await pool.read { db in
                            (try itemCount(db), poolThreadName?.hasPrefix("sqlite.read.") == true)
                        }
                    }
                }
                var results: [(Int64?, Bool)] = []
                for try await result in group { results.append(result) }
                return results
            }
            #expect(observed.count == writes + reads)
            #expect(observed.allSatisfy { $0.1 })
            let readCounts = observed.compactMap(\.0)
            #expect(readCounts.count == reads)
            #expect(readCounts.allSatisfy { (0...Int64(writes)).contains($0) })
            #expect(try await pool.read(itemCount) == Int64(writes))
        }
    }

    @Test func readersRunInParallel() async throws {
        try await withPool({ $0.readerCount = 3 }) { pool in
            // Three reads that each wait for the others can only finish if
            // three reader threads serve the shared queue at the same time.
            let arrived = DispatchGroup()
            for _ in 0..<3 { arrived.enter() }
            let names = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await pool.read { _ in
                            arrived.leave()
                            _ = arrived.wait(timeout: .now() + 5)
                            return poolThreadName
                        }
                    }
                }
                var names: Set<String?> = []
                for try await name in group { names.insert(name) }
                return names
            }
            #expect(names == ["sqlite.read.0", "sqlite.read.1", "sqlite.read.2"])
        }
    }

    @Test func blockingCallFromSameKindOfJobIsRefused() async throws {
        try await withPool { pool in
            let error = await sqliteError {
                try await pool.write { _ in _ = try pool.writeSync { _ in 1 } }
            }
            #expect(error?.isMisuse == true)
        }
    }

    @Test func hotLoopThroughStatement() async throws {
        try await withPool { pool in
            try await pool.writeWithoutTransaction { db in
                try db.execute("CREATE TABLE sample(key TEXT PRIMARY KEY, value REAL NOT NULL, at INTEGER NOT NULL)")
            }
            let count = 20_000
            let clock = ContinuousClock()
            let elapsed = try await clock.measure {
                try await pool.write { db in
                    let upsert = try db.statement("""
                        INSERT INTO sample(key, value, at) VALUES (?, ?, ?)
                        ON CONFLICT(key) DO UPDATE SET value = excluded.value, at = excluded.at
                        """)
                    for index in 0..<count {
                        try upsert.bind(1, "key-\(index % 15_000)")
                        try upsert.bind(2, Double(index))
                        try upsert.bind(3, Int64(index))
                        try upsert.run()
                    }
                }
            }
            let rows = try await pool.read { try $0.queryFirst("SELECT count(*) FROM sample") { $0.int64(0) } }
            #expect(rows == 15_000)
            // Generous bound: a debug build still manages far more than this.
            #expect(elapsed < .seconds(10))
        }
    }
}
