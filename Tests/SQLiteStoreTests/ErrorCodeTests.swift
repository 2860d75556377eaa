import Testing
@testable import SQLiteStore

@Suite struct ErrorCodeTests {
    private func schema(_ pool: DatabasePool) async throws {
        try await pool.writeWithoutTransaction { db in
            try db.execute("""
                CREATE TABLE parent(code TEXT PRIMARY KEY);
                CREATE TABLE child(
                    id INTEGER PRIMARY KEY,
                    email TEXT NOT NULL UNIQUE,
                    parent TEXT REFERENCES parent(code),
                    amount INTEGER CHECK (amount >= 0)
                );
                INSERT INTO parent VALUES ('p');
                INSERT INTO child(id, email, parent, amount) VALUES (1, 'a@example.com', 'p', 1);
                """)
        }
    }

    private func failure(_ pool: DatabasePool, _ sql: String) async -> SQLiteError? {
        await sqliteError { try await pool.write { try $0.run(sql) } }
    }

    @Test func uniqueViolation() async throws {
        try await withPool { pool in
            try await schema(pool)
            let error = await failure(pool, "INSERT INTO child(email) VALUES ('a@example.com')")
            #expect(error?.extendedCode == 2067)
            #expect(error?.extendedCode == SQLiteError.constraintUnique)
            #expect(error?.primaryCode == SQLiteError.constraint)
            #expect(error?.isConstraint == true)
            #expect(error?.isUniqueViolation == true)
            #expect(error?.isForeignKeyViolation == false)
            #expect(error?.message.contains("UNIQUE constraint failed: child.email") == true)
            #expect(error?.sql == "INSERT INTO child(email) VALUES ('a@example.com')")
            #expect(error?.description.contains("SQLITE_CONSTRAINT_UNIQUE") == true)
        }
    }

    @Test func primaryKeyViolation() async throws {
        try await withPool { pool in
            try await schema(pool)
            let error = await failure(pool, "INSERT INTO parent VALUES ('p')")
            #expect(error?.extendedCode == 1555)
            #expect(error?.isUniqueViolation == true)
            #expect(error?.message.contains("parent.code") == true)
        }
    }

    @Test func foreignKeyViolation() async throws {
        try await withPool { pool in
            try await schema(pool)
            let error = await failure(pool, "INSERT INTO child(email, parent) VALUES ('b@example.com', 'missing')")
            #expect(error?.extendedCode == 787)
            #expect(error?.isForeignKeyViolation == true)
            #expect(error?.isUniqueViolation == false)
            #expect(error?.message.contains("FOREIGN KEY constraint failed") == true)
        }
    }

    @Test func notNullViolation() async throws {
        try await withPool { pool in
            try await schema(pool)
            let error = await failure(pool, "INSERT INTO child(email) VALUES (NULL)")
            #expect(error?.extendedCode == 1299)
            #expect(error?.isNotNullViolation == true)
            #expect(error?.isConstraint == true)
            #expect(error?.message.contains("NOT NULL constraint failed: child.email") == true)
        }
    }

    @Test func checkViolation() async throws {
        try await withPool { pool in
            try await schema(pool)
            let error = await failure(pool, "INSERT INTO child(email, amount) VALUES ('c@example.com', -1)")
            #expect(error?.extendedCode == 275)
            #expect(error?.isCheckViolation == true)
            #expect(error?.message.contains("CHECK constraint failed") == true)
        }
    }

    @Test func syntaxErrorCarriesSQL() async throws {
        try await withPool { pool in
            let error = await failure(pool, "SELEC 1")
            #expect(error?.extendedCode == SQLiteError.error)
            #expect(error?.sql == "SELEC 1")
            #expect(error?.isBusy == false)
        }
    }

    @Test func failedStatementLeavesWriterUsable() async throws {
        try await withPool { pool in
            try await schema(pool)
            _ = await failure(pool, "INSERT INTO parent VALUES ('p')")
            try await pool.write { try $0.run("INSERT INTO parent VALUES ('q')") }
            let count = try await pool.read { try $0.queryFirst("SELECT count(*) FROM parent") { $0.int64(0) } }
            #expect(count == 2)
        }
    }
}
