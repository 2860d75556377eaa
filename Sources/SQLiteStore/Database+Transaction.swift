extension Database {
    /// How a pool job opens its transaction (https://sqlite.org/lang_transaction.html).
    enum TransactionKind: String, Sendable {
        /// Takes no lock until the first read; in WAL mode the read snapshot
        /// starts then. Used by readers.
        case deferred = "DEFERRED"
        /// Takes the write lock up front, so a write transaction never fails
        /// half way with SQLITE_BUSY when upgrading from a read
        /// (https://sqlite.org/lang_transaction.html#deferred_immediate_and_exclusive_transactions).
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: COMMIT on return, ROLLBACK on throw
    /// (rethrowing the original error).
    func inTransaction<T>(_ kind: TransactionKind, _ body: (Database) throws -> T) throws -> T {
        // BEGIN/COMMIT go through the statement cache: every pool job runs
        // them, and a cached statement skips re-parsing on each job.
        try statement("BEGIN \(kind.rawValue) TRANSACTION").run()
        let result: T
        do {
            result = try body(self)
        } catch {
            rollbackIfNeeded()
            throw error
        }
        // The body may have ended the transaction itself; only commit an open one.
        if isInTransaction {
            do {
                try statement("COMMIT TRANSACTION").run()
            } catch {
                // A failed COMMIT (e.g. a deferred foreign key violation)
                // leaves the transaction open; do not leak it to the next job.
                rollbackIfNeeded()
                throw error
            }
        }
        return result
    }

    /// Rolls back an open transaction, if any. Some errors already rolled
    /// back automatically (https://sqlite.org/lang_transaction.html#response_to_errors_within_a_transaction),
    /// so check first; a failing ROLLBACK must not hide the caller's error.
    func rollbackIfNeeded() {
        if isInTransaction {
            try? execute("ROLLBACK TRANSACTION")
        }
    }
}
