/// When a write returns, relative to the disk (https://sqlite.org/pragma.html#pragma_synchronous).
public enum Durability: Sendable, Equatable {
    /// `synchronous=NORMAL`, and a write returns only after an `fdatasync(2)` of the WAL
    /// that began after its COMMIT. One sync serves every commit waiting for it, and the
    /// writer goes on with the next transaction meanwhile (see `WALSyncer`). A returned
    /// write survives power loss, as with `.syncInCommit`.
    case groupSync
    /// `synchronous=FULL`: SQLite syncs the WAL inside every COMMIT, on the writer's
    /// thread, so the next write waits for the disk.
    case syncInCommit
    /// `synchronous=NORMAL` alone: a returned write survives a crash of the process but
    /// may be lost on power loss; the database is never corrupted
    /// (https://sqlite.org/wal.html#performance_considerations).
    case noSyncBeforeReturn

    /// The `PRAGMA synchronous` level the writer runs at.
    var synchronousPragma: String { self == .syncInCommit ? "FULL" : "NORMAL" }
}
