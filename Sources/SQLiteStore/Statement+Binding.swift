import CSQLite

/// `SQLITE_TRANSIENT`: SQLite copies the bytes before the bind call returns,
/// so Swift buffers only need to live for the duration of the call
/// (https://sqlite.org/c3ref/c_static.html). The C macro is a cast of -1 that
/// Swift cannot import.
@usableFromInline
var sqliteTransient: sqlite3_destructor_type {
    unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
}

extension Statement {
    /// Binds an integer to the 1-based parameter `index`.
    @inlinable public func bind(_ index: Int32, _ value: Int64) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds a double.
    @inlinable public func bind(_ index: Int32, _ value: Double) throws {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds UTF-8 text. Native Swift strings are already contiguous UTF-8,
    /// so this copies nothing on the Swift side; SQLite copies once.
    @inlinable public func bind(_ index: Int32, _ value: String) throws {
        var value = value
        let code = value.withUTF8 { bytes -> Int32 in
            // A nil base address would bind NULL; an empty string must stay text.
            guard let base = bytes.baseAddress else {
                return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), sqliteTransient)
            }
        }
        try check(code)
    }

    /// Binds bytes as a blob (an empty array binds a zero-length blob, not NULL).
    @inlinable public func bind(_ index: Int32, _ value: [UInt8]) throws {
        let code = value.withUnsafeBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress else {
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), sqliteTransient)
        }
        try check(code)
    }

    /// Binds `NULL`.
    @inlinable public func bindNull(_ index: Int32) throws {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds an integer or `NULL`.
    @inlinable public func bind(_ index: Int32, _ value: Int64?) throws {
        if let value { try bind(index, value) } else { try bindNull(index) }
    }

    /// Binds a double or `NULL`.
    @inlinable public func bind(_ index: Int32, _ value: Double?) throws {
        if let value { try bind(index, value) } else { try bindNull(index) }
    }

    /// Binds text or `NULL`.
    @inlinable public func bind(_ index: Int32, _ value: String?) throws {
        if let value { try bind(index, value) } else { try bindNull(index) }
    }

    /// Binds any value.
    public func bind(_ index: Int32, _ value: SQLiteValue) throws {
        switch value {
        case .null: try bindNull(index)
        case .integer(let v): try bind(index, v)
        case .real(let v): try bind(index, v)
        case .text(let v): try bind(index, v)
        case .blob(let v): try bind(index, v)
        }
    }

    /// Binds `values` to parameters 1…n. The count must match the statement's
    /// parameters exactly: a missing value would otherwise silently stay NULL.
    public func bind(_ values: [SQLiteValue]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw SQLiteError(
                extendedCode: SQLiteError.range,
                message: "statement expects \(expected) bindings, got \(values.count)",
                sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(Int32(offset + 1), value)
        }
    }

    @inlinable func check(_ code: Int32) throws {
        if code != SQLITE_OK { throw stepError(code) }
    }
}
