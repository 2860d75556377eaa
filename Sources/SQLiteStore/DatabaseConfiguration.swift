/// Tuning for a ``DatabasePool``.
///
/// The defaults favour durability first and bulk-ingest throughput second.
public struct DatabaseConfiguration: Sendable {
    /// Number of read-only connections (each on its own thread). At least one is used.
    public var readerCount = 3

    /// How long a connection waits for a lock before failing with `SQLITE_BUSY`
    /// (https://sqlite.org/c3ref/busy_timeout.html). Matters when another
    /// process (a backup, the sqlite3 shell) touches the file.
    public var busyTimeoutMilliseconds = 5_000

    /// Prepared statements kept per connection (LRU, keyed by SQL text).
    /// Zero disables caching: every statement is prepared afresh.
    public var statementCacheCapacity = 128

    /// Page cache of the writer, in KiB: `PRAGMA cache_size = -N`
    /// (https://sqlite.org/pragma.html#pragma_cache_size). Negative values are
    /// KiB rather than pages, so the budget does not depend on the page size.
    public var cacheSizeKiB = 64 * 1024

    /// Page cache of each reader, in KiB. As large as the writer's: a summary at fifty
    /// million samples reads tens of megabytes of day rows and their indexes, and each
    /// page the cache misses is a `pread` from the OS page cache (at 16 MiB a reader, the
    /// daily summary's p99 there was half as large again).
    public var readerCacheSizeKiB = 64 * 1024

    /// WAL pages before an automatic checkpoint
    /// (https://sqlite.org/pragma.html#pragma_wal_autocheckpoint). Larger than
    /// the default 1000 so bulk ingest checkpoints less often, at the cost of
    /// a larger `-wal` file between checkpoints.
    public var walAutocheckpointPages = 10_000

    /// When a write returns relative to the disk. The default acknowledges a write only
    /// once it survives power loss, without making the writer wait for the disk.
    public var durability = Durability.groupSync

    /// Run WAL checkpoints on a connection and thread of their own (at
    /// `walAutocheckpointPages`) instead of inside the writer's COMMIT, so no write
    /// waits for one. See `Checkpointer`.
    public var checkpointInBackground = true

    /// Creates the default configuration.
    public init() {}
}
