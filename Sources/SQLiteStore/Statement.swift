import CSQLite

/// A prepared statement (https://sqlite.org/c3ref/stmt.html).
///
/// Obtain one from ``Database/statement(_:)``; it comes from the connection's
/// cache already reset with its bindings cleared. Use it only inside the pool
/// closure that produced it. The typed `bind` overloads and column accessors
/// take no arrays and box nothing, for hot loops such as bulk upserts:
///
/// ```swift
/// let insert = try db.statement("INSERT INTO t(a, b) VALUES (?, ?)")
/// for item in items {
///     try insert.bind(1, item.a)
///     try insert.bind(2, item.b)
///     try insert.run()
/// }
/// ```
public final class Statement {
    @usableFromInline let handle: OpaquePointer
    /// The SQL text, kept for error messages.
    public let sql: String

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit {
        // Statements are finalized when the last reference goes away: the
        // cache drops its references when it evicts or when the connection
        // closes, and sqlite3_close_v2 tolerates statements that outlive it
        // (https://sqlite.org/c3ref/close.html).
        sqlite3_finalize(handle)
    }

    /// Prepares `sql` on `connection`. `persistent` hints that the statement
    /// will be reused many times (https://sqlite.org/c3ref/c_prepare_normalize.html).
    static func prepare(_ sql: String, connection: OpaquePointer, persistent: Bool) throws -> Statement {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        // The tail points into the temporary C string, so it is only read
        // inside the closure that owns that buffer.
        let (code, hasMoreSQL) = sql.withCString { text -> (Int32, Bool) in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(connection, text, -1, flags, &statement, &tail)
            let more = tail.map { $0.pointee != 0 && !Self.isBlank($0) } ?? false
            return (code, more)
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw SQLiteError(code: code, connection: connection, sql: sql)
        }
        guard let statement else {
            // Empty SQL or only a comment: SQLite returns OK and no statement.
            throw SQLiteError(extendedCode: SQLiteError.misuse, message: "no SQL statement to prepare", sql: sql)
        }
        if hasMoreSQL {
            sqlite3_finalize(statement)
            throw SQLiteError(
                extendedCode: SQLiteError.misuse,
                message: "a prepared statement holds one SQL statement; use execute(_:) for several",
                sql: sql)
        }
        return Statement(handle: statement, sql: sql)
    }

    private static func isBlank(_ text: UnsafePointer<CChar>) -> Bool {
        var cursor = text
        while cursor.pointee != 0 {
            switch UInt8(bitPattern: cursor.pointee) {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ";"): cursor += 1
            default: return false
            }
        }
        return true
    }

    /// Advances to the next row. Returns true when a row is available and
    /// false when the statement is done.
    @inlinable @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw stepError(code)
    }

    @usableFromInline func stepError(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, connection: sqlite3_db_handle(handle), sql: sql)
    }

    /// Steps until done, then resets, keeping the bindings for the caller to
    /// overwrite. The statement is reset even when stepping fails, so a failed
    /// statement never holds locks open.
    @inlinable
    public func run() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    @inlinable public func reset() { sqlite3_reset(handle) }

    /// Sets every parameter back to `NULL`.
    @inlinable public func clearBindings() { sqlite3_clear_bindings(handle) }

    /// Number of `?` parameters.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// Whether the statement has stepped and not been reset since
    /// (https://sqlite.org/c3ref/stmt_busy.html).
    var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

    // MARK: Columns of the current row

    /// A view on the current row.
    @inlinable public var row: Row { Row(handle) }
    /// Number of result columns.
    @inlinable public var columnCount: Int32 { sqlite3_column_count(handle) }
    /// The name of a result column.
    public func columnName(_ column: Int32) -> String { Row(handle).columnName(column) }
    /// Whether the column of the current row is `NULL`.
    @inlinable public func isNull(_ column: Int32) -> Bool { Row(handle).isNull(column) }
    /// The column as an integer.
    @inlinable public func int64(_ column: Int32) -> Int64 { Row(handle).int64(column) }
    /// The column as a double.
    @inlinable public func double(_ column: Int32) -> Double { Row(handle).double(column) }
    /// The column as text.
    @inlinable public func text(_ column: Int32) -> String { Row(handle).text(column) }
    /// Whether the column's text is exactly `candidate` (``Row/textEquals(_:_:)``).
    @inlinable public func textEquals(_ column: Int32, _ candidate: String) -> Bool { Row(handle).textEquals(column, candidate) }
    /// Calls `body` with the column's bytes in place (``Row/withBytes(_:_:)``).
    @inlinable public func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T { try Row(handle).withBytes(column, body) }
    /// The column as bytes.
    @inlinable public func blob(_ column: Int32) -> [UInt8] { Row(handle).blob(column) }
    /// The column as an integer, or nil when `NULL`.
    @inlinable public func optionalInt64(_ column: Int32) -> Int64? { Row(handle).optionalInt64(column) }
    /// The column as a double, or nil when `NULL`.
    @inlinable public func optionalDouble(_ column: Int32) -> Double? { Row(handle).optionalDouble(column) }
    /// The column as text, or nil when `NULL`.
    @inlinable public func optionalText(_ column: Int32) -> String? { Row(handle).optionalText(column) }
    /// The column with its storage class preserved.
    public func value(_ column: Int32) -> SQLiteValue { Row(handle).value(column) }
}

/// A statement belongs to a connection confined to one thread.
@available(*, unavailable)
extension Statement: Sendable {}
