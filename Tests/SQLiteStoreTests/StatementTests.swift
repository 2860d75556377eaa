import Testing
@testable import SQLiteStore

@Suite struct StatementTests {
    @Test func typedBindingRoundTrips() async throws {
        try await withPool { pool in
            let row = try await pool.write { db in
                try db.execute("CREATE TABLE v(i INTEGER, r REAL, t TEXT, b BLOB, n)")
                let insert = try db.statement("INSERT INTO v VALUES (?, ?, ?, ?, ?)")
                try insert.bind(1, Int64.min)
                try insert.bind(2, 1.5)
                try insert.bind(3, "héllo 🌍")
                try insert.bind(4, [0, 1, 255] as [UInt8])
                try insert.bindNull(5)
                try insert.run()
                // Empty values stay text/blob, they do not turn into NULL.
                try insert.bind(1, Int64.max)
                try insert.bind(2, nil as Double?)
                try insert.bind(3, "")
                try insert.bind(4, [] as [UInt8])
                try insert.bind(5, "x" as String?)
                try insert.run()
                return try db.query("SELECT i, r, t, b, n, typeof(t), typeof(b) FROM v ORDER BY rowid") { row in
                    (row.int64(0), row.optionalDouble(1), row.text(2), row.blob(3), row.value(4),
                     row.text(5), row.text(6))
                }
            }
            #expect(row.count == 2)
            #expect(row[0].0 == Int64.min)
            #expect(row[0].1 == 1.5)
            #expect(row[0].2 == "héllo 🌍")
            #expect(row[0].3 == [0, 1, 255])
            #expect(row[0].4 == .null)
            #expect(row[1].0 == Int64.max)
            #expect(row[1].1 == nil)
            #expect(row[1].2 == "")
            #expect(row[1].3 == [])
            #expect(row[1].4 == .text("x"))
            #expect(row[1].5 == "text")
            #expect(row[1].6 == "blob")
        }
    }

    @Test func valueBindingAndColumns() async throws {
        try await withPool { pool in
            let values: [SQLiteValue] = [.null, .integer(7), .real(2.25), .text("t"), .blob([9])]
            let result = try await pool.read { db in
                try db.queryFirst("SELECT ? AS a, ? AS b, ? AS c, ? AS d, ? AS e", values) { row in
                    (row.columnCount, row.columnName(1), (0..<row.columnCount).map(row.value))
                }
            }
            #expect(result?.0 == 5)
            #expect(result?.1 == "b")
            #expect(result?.2 == values)
        }
    }

    @Test func bindingCountMustMatch() async throws {
        try await withPool { pool in
            let error = await sqliteError {
                _ = try await pool.read { try $0.query("SELECT ?, ?", [.integer(1)]) { $0.int64(0) } }
            }
            #expect(error?.extendedCode == SQLiteError.range)
        }
    }

    @Test func statementSteppingByHand() async throws {
        try await withPool { pool in
            let sum = try await pool.write { db -> Int64 in
                try db.execute("CREATE TABLE n(x INTEGER); INSERT INTO n VALUES (1), (2), (3)")
                let select = try db.statement("SELECT x FROM n WHERE x >= ?")
                try select.bind(1, 2 as Int64)
                var sum: Int64 = 0
                while try select.step() { sum += select.int64(0) }
                select.reset()
                return sum
            }
            #expect(sum == 5)
        }
    }

    @Test func nestedQueryOnSameSQL() async throws {
        try await withPool { pool in
            let pairs = try await pool.write { db in
                try db.execute("CREATE TABLE n(x INTEGER); INSERT INTO n VALUES (1), (2)")
                let sql = "SELECT x FROM n ORDER BY x"
                return try db.query(sql) { outer in
                    let x = outer.int64(0)
                    return try db.query(sql) { x * 10 + $0.int64(0) }
                }
            }
            #expect(pairs == [[11, 12], [21, 22]])
        }
    }

    @Test func executeRunsSeveralStatementsAndRunRefusesThem() async throws {
        try await withPool { pool in
            try await pool.writeWithoutTransaction { db in
                try db.execute("CREATE TABLE a(x); CREATE TABLE b(y);")
                #expect(throws: SQLiteError.self) { try db.run("INSERT INTO a VALUES (1); INSERT INTO b VALUES (2)") }
                try db.run("INSERT INTO a VALUES (1);")
                #expect(db.totalChanges == 1)
            }
        }
    }
}

@Suite struct StatementCacheTests {
    @Test func sameSQLIsPreparedOnce() async throws {
        try await withPool { pool in
            let counts = try await pool.write { db in
                let before = db.preparedStatementCount
                for _ in 0..<5 {
                    _ = try db.queryFirst("SELECT 1 + ?", [.integer(1)]) { $0.int64(0) }
                }
                let statement = try db.statement("SELECT 1 + ?")
                return (db.preparedStatementCount - before, statement.parameterCount)
            }
            #expect(counts.0 == 1)
            #expect(counts.1 == 1)
        }
    }

    @Test func handedOutStatementsAreResetAndCleared() async throws {
        try await withPool { pool in
            let value = try await pool.read { db -> SQLiteValue in
                let first = try db.statement("SELECT ?")
                try first.bind(1, 5 as Int64)
                _ = try first.step()  // left mid-way on purpose
                first.reset()
                let again = try db.statement("SELECT ?")
                #expect(again === first)
                _ = try again.step()
                return again.value(0)
            }
            #expect(value == .null)
        }
    }

    @Test func leastRecentlyUsedIsEvictedAtCapacity() async throws {
        try await withPool({ $0.statementCacheCapacity = 2 }) { pool in
            let result = try await pool.read { db in
                let start = db.preparedStatementCount
                _ = try db.statement("SELECT 'a'")
                _ = try db.statement("SELECT 'b'")
                _ = try db.statement("SELECT 'a'")  // a is now the most recent
                _ = try db.statement("SELECT 'c'")  // evicts b
                let cachedA = db.isCached("SELECT 'a'")
                let cachedB = db.isCached("SELECT 'b'")
                let cachedC = db.isCached("SELECT 'c'")
                let afterFill = db.preparedStatementCount - start
                _ = try db.statement("SELECT 'a'")  // still cached
                _ = try db.statement("SELECT 'b'")  // prepared again
                return (cachedA, cachedB, cachedC, afterFill, db.preparedStatementCount - start, db.cachedStatementCount)
            }
            #expect(result.0)
            #expect(!result.1)
            #expect(result.2)
            #expect(result.3 == 3)
            #expect(result.4 == 4)
            #expect(result.5 == 2)
        }
    }

    @Test func zeroCapacityDisablesCaching() async throws {
        try await withPool({ $0.statementCacheCapacity = 0 }) { pool in
            let prepared = try await pool.read { db in
                let start = db.preparedStatementCount
                for _ in 0..<3 { _ = try db.queryFirst("SELECT 1") { $0.int64(0) } }
                return (db.preparedStatementCount - start, db.cachedStatementCount)
            }
            #expect(prepared.0 == 3)
            #expect(prepared.1 == 0)
        }
    }
}
