import SQLiteStore

/// What a storage error says about the store, by SQLite's extended result code
/// (https://sqlite.org/rescode.html), so callers answer it without seeing SQLite: a full
/// disk or a held lock rolled the transaction back; a failed flush of the WAL
/// (`SQLITE_IOERR_FSYNC` from the group sync) leaves unknown whether the commit reached
/// the disk. Never carries SQLite's message, which can quote stored values.
public struct StoreFailure: Error, Sendable, Equatable {
    /// What the failure says about the storage.
    public enum Kind: String, Sendable {
        /// The disk (or the file system's quota) is full.
        case full
        /// Another connection or process held the lock past the busy timeout.
        case busy
        /// The file system failed a read, write or flush.
        case ioError
        /// The database file became read-only.
        case readOnly
        /// The file is damaged or not a database.
        case corrupt
        /// A constraint refused the change.
        case constraint
        /// Anything else: a bug rather than a state of the storage.
        case other
    }

    /// The class of the failure.
    public var kind: Kind
    /// SQLite's extended result code: safe to log and to report.
    public var code: Int32

    public init(kind: Kind, code: Int32) {
        self.kind = kind
        self.code = code
    }

    /// The classification of `error` when it came from SQLite; nil for every other error.
    public static func classify(_ error: any Error) -> StoreFailure? {
        if let failure = error as? StoreFailure { return failure }
        guard let sqlite = error as? SQLiteError else { return nil }
        let kind: Kind
        if sqlite.isFull {
            kind = .full
        } else if sqlite.isBusy {
            kind = .busy
        } else if sqlite.isIOError {
            kind = .ioError
        } else if sqlite.isReadOnly {
            kind = .readOnly
        } else if sqlite.isCorrupt {
            kind = .corrupt
        } else if sqlite.isConstraint {
            kind = .constraint
        } else {
            kind = .other
        }
        return StoreFailure(kind: kind, code: sqlite.extendedCode)
    }
}
