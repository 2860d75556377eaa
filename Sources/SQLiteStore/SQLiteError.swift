import CSQLite

/// An error from SQLite, with its extended result code.
///
/// Every connection turns on extended result codes
/// (`sqlite3_extended_result_codes(db, 1)`), so `extendedCode` tells e.g. a
/// UNIQUE violation (2067) apart from a NOT NULL one (1299). The primary code
/// is the low byte (https://sqlite.org/rescode.html#primary_result_codes_versus_extended_result_codes).
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (https://sqlite.org/rescode.html).
    public let extendedCode: Int32
    /// SQLite's message, e.g. `UNIQUE constraint failed: t.email`.
    public let message: String
    /// The SQL that failed, when known.
    public let sql: String?

    /// The primary result code: the low eight bits of the extended code.
    public var primaryCode: Int32 { extendedCode & 0xff }

    /// Creates an error from a result code and a message.
    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// Reads the most recent error of a connection.
    init(code: Int32, connection: OpaquePointer?, sql: String?) {
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(code))
        }
        self.init(extendedCode: code, message: message, sql: sql)
    }

    /// A human-readable summary including the code, the message and the SQL.
    public var description: String {
        var text = "SQLite error \(extendedCode)"
        if let name = Self.names[extendedCode] ?? Self.names[primaryCode] {
            text += " (\(name))"
        }
        text += ": \(message)"
        if let sql { text += " — while executing `\(sql)`" }
        return text
    }
}

// MARK: - Classification

extension SQLiteError {
    /// `SQLITE_BUSY` or `SQLITE_LOCKED` and their extended codes: another
    /// connection holds a conflicting lock (https://sqlite.org/rescode.html#busy).
    public var isBusy: Bool { primaryCode == Self.busy || primaryCode == Self.locked }
    /// Any `SQLITE_CONSTRAINT` family code.
    public var isConstraint: Bool { primaryCode == Self.constraint }
    /// A UNIQUE or PRIMARY KEY constraint failed.
    public var isUniqueViolation: Bool {
        extendedCode == Self.constraintUnique || extendedCode == Self.constraintPrimaryKey
    }
    /// A FOREIGN KEY constraint failed.
    public var isForeignKeyViolation: Bool { extendedCode == Self.constraintForeignKey }
    /// A NOT NULL constraint failed.
    public var isNotNullViolation: Bool { extendedCode == Self.constraintNotNull }
    /// A CHECK constraint failed.
    public var isCheckViolation: Bool { extendedCode == Self.constraintCheck }
    /// The disk (or the configured size limit) is full.
    public var isFull: Bool { primaryCode == Self.full }
    /// A write was attempted on a read-only connection or database.
    public var isReadOnly: Bool { primaryCode == Self.readOnly }
    /// The database file is malformed (or is not a database at all).
    public var isCorrupt: Bool { primaryCode == Self.corrupt || primaryCode == Self.notADatabase }
    /// The operating system reported an I/O error.
    public var isIOError: Bool { primaryCode == Self.ioError }
    /// The library was used incorrectly (also used for a closed pool).
    public var isMisuse: Bool { primaryCode == Self.misuse }
}

// MARK: - Codes

extension SQLiteError {
    /// `SQLITE_ERROR`: generic error, e.g. a syntax error.
    public static let error: Int32 = 1
    /// `SQLITE_BUSY`.
    public static let busy: Int32 = 5
    /// `SQLITE_LOCKED`.
    public static let locked: Int32 = 6
    /// `SQLITE_READONLY`.
    public static let readOnly: Int32 = 8
    /// `SQLITE_IOERR`.
    public static let ioError: Int32 = 10
    /// `SQLITE_CORRUPT`.
    public static let corrupt: Int32 = 11
    /// `SQLITE_FULL`.
    public static let full: Int32 = 13
    /// `SQLITE_CANTOPEN`.
    public static let cantOpen: Int32 = 14
    /// `SQLITE_CONSTRAINT`.
    public static let constraint: Int32 = 19
    /// `SQLITE_MISUSE`.
    public static let misuse: Int32 = 21
    /// `SQLITE_RANGE`: a bind index out of range.
    public static let range: Int32 = 25
    /// `SQLITE_NOTADB`.
    public static let notADatabase: Int32 = 26
    /// `SQLITE_IOERR_FSYNC`: flushing a file to disk failed.
    public static let ioErrorFsync: Int32 = 1034
    /// `SQLITE_CONSTRAINT_CHECK`.
    public static let constraintCheck: Int32 = 275
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
    public static let constraintForeignKey: Int32 = 787
    /// `SQLITE_CONSTRAINT_NOTNULL`.
    public static let constraintNotNull: Int32 = 1299
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public static let constraintPrimaryKey: Int32 = 1555
    /// `SQLITE_CONSTRAINT_UNIQUE`.
    public static let constraintUnique: Int32 = 2067

    private static let names: [Int32: String] = [
        error: "SQLITE_ERROR", busy: "SQLITE_BUSY", locked: "SQLITE_LOCKED",
        readOnly: "SQLITE_READONLY", ioError: "SQLITE_IOERR", corrupt: "SQLITE_CORRUPT",
        full: "SQLITE_FULL", cantOpen: "SQLITE_CANTOPEN", constraint: "SQLITE_CONSTRAINT",
        misuse: "SQLITE_MISUSE", range: "SQLITE_RANGE", notADatabase: "SQLITE_NOTADB",
        ioErrorFsync: "SQLITE_IOERR_FSYNC", constraintCheck: "SQLITE_CONSTRAINT_CHECK",
        constraintForeignKey: "SQLITE_CONSTRAINT_FOREIGNKEY",
        constraintNotNull: "SQLITE_CONSTRAINT_NOTNULL",
        constraintPrimaryKey: "SQLITE_CONSTRAINT_PRIMARYKEY",
        constraintUnique: "SQLITE_CONSTRAINT_UNIQUE",
    ]
}
