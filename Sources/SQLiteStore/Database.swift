import CSQLite

/// One SQLite connection.
///
/// A `Database` is not `Sendable`: it is created on a pool thread, used only
/// inside the synchronous closures that thread runs, and closed there. It
/// opens with `SQLITE_OPEN_NOMUTEX` because that confinement already rules
/// out concurrent use, so SQLite's own per-connection mutex would only cost
/// time (https://sqlite.org/threadsafe.html).
public final class Database {
    /// Whether the connection writes or only reads.
    enum Role: Sendable {
        case writer
        case reader
    }

    let handle: OpaquePointer
    let role: Role
    private var cache: StatementCache
    private var isClosed = false

    /// How many statements this connection has prepared (cache misses and
    /// uncached statements). Exposed for tests of the statement cache.
    private(set) var preparedStatementCount = 0

    /// Process-wide settings applied once, before the first connection initialises the
    /// library: memory statistics off (their global mutex is taken on every allocation).
    /// A later call would fail with SQLITE_MISUSE; running it once avoids that.
    private static let libraryConfigured: Bool = csqlite_disable_memory_statistics() == SQLITE_OK

    /// Opens a connection and applies the per-connection settings.
    init(path: String, role: Role, configuration: DatabaseConfiguration) throws {
        _ = Self.libraryConfigured
        var connection: OpaquePointer?
        let access = role == .writer
            ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            : SQLITE_OPEN_READONLY
        let flags = access | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code: code, connection: connection, sql: nil)
            // A handle is returned even on failure and must be closed
            // (https://sqlite.org/c3ref/open.html).
            sqlite3_close_v2(connection)
            throw SQLiteError(
                extendedCode: error.extendedCode,
                message: "cannot open \(path): \(error.message)")
        }
        self.handle = connection
        self.role = role
        self.cache = StatementCache(capacity: configuration.statementCacheCapacity)
        do {
            try configure(configuration)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Finalizes cached statements and closes the connection. The writer runs
    /// `PRAGMA optimize` first, as recommended for connections about to close
    /// (https://sqlite.org/pragma.html#pragma_optimize), under `analysis_limit=400`
    /// as that page advises: without the limit, SQLite before 3.46 lets the ANALYZE it
    /// may start read every index whole, which on a database of tens of millions of
    /// samples held a stopping server for minutes.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if role == .writer {
            _ = sqlite3_exec(handle, "PRAGMA analysis_limit=400; PRAGMA optimize", nil, nil, nil)
        }
        cache.removeAll()
        // close_v2 defers the real close until any statement still referenced
        // elsewhere is finalized, instead of failing with SQLITE_BUSY.
        sqlite3_close_v2(handle)
    }

    // MARK: Executing SQL

    /// Runs one or more SQL statements without bindings (`sqlite3_exec`).
    /// Meant for schema changes and pragmas; values belong in ``run(_:_:)``.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(extendedCode: code, message: text, sql: sql)
        }
    }

    /// Runs one statement from the cache with `bindings`, stepping until done.
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws {
        let statement = try self.statement(sql)
        try statement.bind(bindings)
        try statement.run()
    }

    /// Runs a query and maps every row with `row`. The ``Row`` passed to the
    /// closure is valid only during that call.
    public func query<T>(_ sql: String, _ bindings: [SQLiteValue] = [], _ row: (Row) throws -> T) throws -> [T] {
        let statement = try self.statement(sql)
        // Reset on the way out so the statement never keeps a read snapshot
        // or a lock alive after the query returns.
        defer { statement.reset() }
        try statement.bind(bindings)
        var results: [T] = []
        let view = Row(statement.handle)
        while try statement.step() {
            results.append(try row(view))
        }
        return results
    }

    /// Runs a query and maps only its first row, if any.
    public func queryFirst<T>(_ sql: String, _ bindings: [SQLiteValue] = [], _ row: (Row) throws -> T) throws -> T? {
        let statement = try self.statement(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        guard try statement.step() else { return nil }
        return try row(Row(statement.handle))
    }

    /// A prepared statement for `sql` from the connection's LRU cache, reset
    /// and with its bindings cleared.
    ///
    /// If the cached statement is in the middle of stepping (for example a
    /// query on the same SQL nested inside another's row closure), a fresh,
    /// uncached statement is prepared instead so the outer one is not rewound.
    public func statement(_ sql: String) throws -> Statement {
        if let cached = cache.statement(for: sql) {
            if !cached.isBusy {
                cached.clearBindings()
                return cached
            }
            return try prepare(sql, persistent: false)
        }
        let statement = try prepare(sql, persistent: cache.capacity > 0)
        cache.insert(statement, for: sql)
        return statement
    }

    private func prepare(_ sql: String, persistent: Bool) throws -> Statement {
        let statement = try Statement.prepare(sql, connection: handle, persistent: persistent)
        preparedStatementCount += 1
        return statement
    }

    /// Number of statements currently in the cache.
    var cachedStatementCount: Int { cache.count }

    /// Whether `sql` is in the statement cache.
    func isCached(_ sql: String) -> Bool { cache.contains(sql) }

    // MARK: Connection state

    /// Rows changed by the most recent INSERT, UPDATE or DELETE (`sqlite3_changes`).
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rows changed since the connection opened (`sqlite3_total_changes`).
    public var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open (the connection is not in autocommit mode,
    /// https://sqlite.org/c3ref/get_autocommit.html).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Whether this connection only reads.
    public var isReadOnly: Bool { role == .reader }
}

/// A connection is confined to the thread that opened it.
@available(*, unavailable)
extension Database: Sendable {}
