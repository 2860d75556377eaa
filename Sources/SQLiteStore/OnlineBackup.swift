#if canImport(Glibc)
import Glibc
#endif
import CSQLite
import Foundation

/// Copies a live database file with SQLite's online backup API
/// (https://sqlite.org/backup.html) while other processes keep writing to it.
///
/// The copy is one consistent snapshot: a read transaction is opened on the source before
/// the first step and held to the last, so `sqlite3_backup_step` neither restarts when a
/// writer commits nor sees half of it. In WAL mode a reader never blocks a writer, and the
/// pages are copied in small steps with a pause between them so the copy's disk traffic
/// leaves room for the writer's flushes. The target is written beside its final name and
/// renamed into place once complete and flushed, so a crash never leaves a torn backup.
public enum OnlineBackup {
    /// What a finished copy reports.
    public struct Report: Sendable, Equatable {
        /// Pages copied (each `pageSize` bytes).
        public var pages: Int
        /// The database page size in bytes.
        public var pageSize: Int
        /// How many steps the copy took.
        public var steps: Int
        /// Wall time of the copy, in seconds.
        public var seconds: Double
        /// The size of the copy in bytes.
        public var bytes: Int64 { Int64(pages) * Int64(pageSize) }
    }

    /// Copies the database at `source` to `target` (replacing it), `pagesPerStep` pages at
    /// a time with `pauseMicroseconds` between steps.
    public static func copy(from source: String, to target: String, pagesPerStep: Int32 = 256,
                            pauseMicroseconds: UInt32 = 1_000) throws -> Report {
        let started = monotonicSeconds()
        let partial = target + ".partial"
        unlink(partial)
        let from = try open(source, flags: SQLITE_OPEN_READONLY)
        defer { sqlite3_close_v2(from) }
        let to = try open(partial, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var toOpen = true
        defer { if toOpen { sqlite3_close_v2(to) } }
        sqlite3_busy_timeout(from, 5_000)
        // The snapshot: backup_step only opens (and closes) a read transaction per step
        // when none is open, so holding one here pins every step to the same snapshot.
        try exec(from, "BEGIN")
        try exec(from, "SELECT count(*) FROM sqlite_schema")
        defer { _ = sqlite3_exec(from, "COMMIT", nil, nil, nil) }

        guard let backup = sqlite3_backup_init(to, "main", from, "main") else {
            throw SQLiteError(code: sqlite3_errcode(to), connection: to, sql: nil)
        }
        var steps = 0
        var code: Int32 = SQLITE_OK
        repeat {
            code = sqlite3_backup_step(backup, pagesPerStep)
            steps += 1
            if code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED {
                usleep(pauseMicroseconds)
            }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        let pages = Int(sqlite3_backup_pagecount(backup))
        let finish = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finish == SQLITE_OK else {
            let failure = SQLiteError(code: code == SQLITE_DONE ? finish : code, connection: to, sql: nil)
            unlink(partial)
            throw failure
        }
        let pageSize = try integer(to, "PRAGMA page_size")
        // The copy is a single file: fold any WAL it has into it before it is renamed.
        _ = sqlite3_exec(to, "PRAGMA journal_mode=DELETE", nil, nil, nil)
        sqlite3_close_v2(to)
        toOpen = false
        try flush(path: partial)
        guard rename(partial, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot move the backup to \(target): \(reason)")
        }
        flushDirectory(of: target)
        return Report(pages: pages, pageSize: pageSize, steps: steps, seconds: monotonicSeconds() - started)
    }

    /// Copies the database file at `source` into the database at `target` through the
    /// backup API, which writes through the target's own journal (its WAL stays coherent,
    /// and a reader of the target sees the old or the new content, never a mix).
    public static func restore(from source: String, into target: String) throws -> Report {
        let started = monotonicSeconds()
        let from = try open(source, flags: SQLITE_OPEN_READONLY)
        defer { sqlite3_close_v2(from) }
        let to = try open(target, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        defer { sqlite3_close_v2(to) }
        sqlite3_busy_timeout(to, 10_000)
        guard let backup = sqlite3_backup_init(to, "main", from, "main") else {
            throw SQLiteError(code: sqlite3_errcode(to), connection: to, sql: nil)
        }
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, -1)
            if code == SQLITE_BUSY || code == SQLITE_LOCKED { usleep(10_000) }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        let pages = Int(sqlite3_backup_pagecount(backup))
        let finish = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finish == SQLITE_OK else {
            throw SQLiteError(code: code == SQLITE_DONE ? finish : code, connection: to, sql: nil)
        }
        let pageSize = try integer(to, "PRAGMA page_size")
        return Report(pages: pages, pageSize: pageSize, steps: 1, seconds: monotonicSeconds() - started)
    }

    /// Whether the database at `path` has a table called `name`.
    public static func hasTable(path: String, _ name: String) throws -> Bool {
        let handle = try open(path, flags: SQLITE_OPEN_READONLY)
        defer { sqlite3_close_v2(handle) }
        let escaped = name.replacingOccurrences(of: "'", with: "''")
        return try integer(handle, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '\(escaped)'") > 0
    }

    private static func integer(_ handle: OpaquePointer, _ sql: String) throws -> Int {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &stmt, nil) == SQLITE_OK else {
            throw SQLiteError(code: sqlite3_errcode(handle), connection: handle, sql: sql)
        }
        defer { sqlite3_finalize(stmt) }
        let code = sqlite3_step(stmt)
        guard code == SQLITE_ROW else { throw SQLiteError(code: code, connection: handle, sql: sql) }
        return Int(sqlite3_column_int64(stmt, 0))
    }

    /// `PRAGMA integrity_check` on the file at `path`: "ok", or the problems SQLite lists
    /// (at most `limit` of them).
    public static func integrityCheck(path: String, limit: Int = 100) throws -> [String] {
        let handle = try open(path, flags: SQLITE_OPEN_READONLY)
        defer { sqlite3_close_v2(handle) }
        var stmt: OpaquePointer?
        let sql = "PRAGMA integrity_check(\(limit))"
        guard sqlite3_prepare_v2(handle, sql, -1, &stmt, nil) == SQLITE_OK else {
            throw SQLiteError(code: sqlite3_errcode(handle), connection: handle, sql: sql)
        }
        defer { sqlite3_finalize(stmt) }
        var lines: [String] = []
        while true {
            let code = sqlite3_step(stmt)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw SQLiteError(code: code, connection: handle, sql: sql) }
            lines.append(sqlite3_column_text(stmt, 0).map { String(cString: $0) } ?? "")
        }
        return lines
    }

    private static func open(_ path: String, flags: Int32) throws -> OpaquePointer {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(code: code, connection: handle, sql: nil)
            sqlite3_close_v2(handle)
            throw SQLiteError(extendedCode: error.extendedCode, message: "cannot open \(path): \(error.message)")
        }
        return handle
    }

    private static func exec(_ handle: OpaquePointer, _ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: sql) }
    }

    private static func flush(path: String) throws {
        let fd = Glibc.open(path, O_RDONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        guard fsync(fd) == 0 else {
            throw SQLiteError(extendedCode: SQLITE_IOERR, message: "cannot flush \(path): \(String(cString: strerror(errno)))")
        }
    }

    private static func flushDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let fd = Glibc.open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
