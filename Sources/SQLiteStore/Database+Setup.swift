import CSQLite

extension Database {
    /// Applies the per-connection settings. Pragmas are per connection, so
    /// every connection runs this right after opening.
    func configure(_ configuration: DatabaseConfiguration) throws {
        // Extended codes let callers tell UNIQUE from NOT NULL violations
        // without parsing messages (https://sqlite.org/rescode.html#extrc).
        sqlite3_extended_result_codes(handle, 1)

        // Wait for locks held by other processes instead of failing at once
        // (https://sqlite.org/c3ref/busy_timeout.html).
        sqlite3_busy_timeout(handle, Int32(clamping: configuration.busyTimeoutMilliseconds))

        // Foreign keys are off by default for compatibility; they are a
        // per-connection setting (https://sqlite.org/foreignkeys.html#fk_enable).
        try execute("PRAGMA foreign_keys = ON")

        switch role {
        case .writer:
            try configureWriter(configuration)
        case .reader:
            // The connection is opened read-only; query_only additionally
            // refuses writes to attached or temp databases
            // (https://sqlite.org/pragma.html#pragma_query_only).
            try execute("PRAGMA query_only = ON")
            try execute("PRAGMA cache_size = -\(max(0, configuration.readerCacheSizeKiB))")
        }
    }

    private func configureWriter(_ configuration: DatabaseConfiguration) throws {
        // WAL lets readers work on a snapshot while the writer commits, and
        // the mode is persistent in the file (https://sqlite.org/wal.html).
        // The pragma returns the mode actually in effect: it can stay
        // e.g. "delete" on filesystems without shared memory, and the pool's
        // concurrency model depends on WAL, so refuse anything else.
        let mode = try queryFirst("PRAGMA journal_mode = WAL") { $0.text(0) }
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(
                extendedCode: SQLiteError.error,
                message: "journal_mode is \(mode ?? "unknown"), WAL is required")
        }

        // FULL syncs the WAL in every COMMIT; NORMAL syncs only around checkpoints and
        // WAL restarts, and `.groupSync` adds its own sync before a write returns
        // (https://sqlite.org/pragma.html#pragma_synchronous).
        try execute("PRAGMA synchronous = \(configuration.durability.synchronousPragma)")

        // Negative cache_size is KiB (https://sqlite.org/pragma.html#pragma_cache_size).
        try execute("PRAGMA cache_size = -\(max(0, configuration.cacheSizeKiB))")

        // Fewer, larger checkpoints during bulk ingest
        // (https://sqlite.org/pragma.html#pragma_wal_autocheckpoint).
        try execute("PRAGMA wal_autocheckpoint = \(max(0, configuration.walAutocheckpointPages))")

        // Temporary tables and indices (e.g. sorting) stay in memory
        // (https://sqlite.org/pragma.html#pragma_temp_store).
        try execute("PRAGMA temp_store = MEMORY")
    }
}
