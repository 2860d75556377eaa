import CSQLite

/// The current row of a statement during ``Database/query(_:_:_:)``.
///
/// A `Row` is a view on the statement's current result: it is valid only
/// inside the row closure, before the statement steps again. Copy values out;
/// never store the row itself. Columns are zero-based.
public struct Row {
    @usableFromInline let handle: OpaquePointer

    @inlinable init(_ handle: OpaquePointer) { self.handle = handle }

    /// Number of columns in the result.
    @inlinable public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of a result column (its `AS` alias when present).
    public func columnName(_ column: Int32) -> String {
        guard let name = sqlite3_column_name(handle, column) else { return "" }
        return String(cString: name)
    }

    /// Whether the column is SQL `NULL`.
    @inlinable public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column as an integer (`NULL` reads as 0, following SQLite's conversions).
    @inlinable public func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The column as a double (`NULL` reads as 0).
    @inlinable public func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The column as UTF-8 text (`NULL` reads as the empty string).
    @inlinable public func text(_ column: Int32) -> String {
        // Ask for the pointer first, then the byte count, as
        // https://sqlite.org/c3ref/column_blob.html recommends.
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Whether the column's UTF-8 text is exactly `candidate`, compared in place without
    /// making a string (`NULL` equals only the empty string).
    @inlinable public func textEquals(_ column: Int32, _ candidate: String) -> Bool {
        let bytes = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        var candidate = candidate
        return candidate.withUTF8 { utf8 in
            guard utf8.count == count else { return false }
            guard count > 0, let bytes else { return true }
            for i in 0..<count where bytes[i] != utf8[i] { return false }
            return true
        }
    }

    /// Calls `body` with the column's bytes in place (text or blob; empty for `NULL`),
    /// valid only during the call.
    @inlinable public func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let bytes = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? bytes : nil, count: count))
    }

    /// The column as bytes (`NULL` and empty blobs read as `[]`).
    @inlinable public func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return [UInt8](UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column as an integer, or nil when `NULL`.
    @inlinable public func optionalInt64(_ column: Int32) -> Int64? {
        isNull(column) ? nil : int64(column)
    }

    /// The column as a double, or nil when `NULL`.
    @inlinable public func optionalDouble(_ column: Int32) -> Double? {
        isNull(column) ? nil : double(column)
    }

    /// The column as text, or nil when `NULL`.
    @inlinable public func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// The column with its storage class preserved.
    public func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(int64(column))
        case SQLITE_FLOAT: return .real(double(column))
        case SQLITE_TEXT: return .text(text(column))
        case SQLITE_BLOB: return .blob(blob(column))
        default: return .null
        }
    }
}

/// A row borrows its statement's connection, which is confined to one thread.
@available(*, unavailable)
extension Row: Sendable {}
