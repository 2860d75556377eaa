extension Database {
    /// Runs `body` as a nested atomic part of the current work, with
    /// `SAVEPOINT` / `RELEASE` / `ROLLBACK TO`
    /// (https://sqlite.org/lang_savepoint.html).
    ///
    /// When `body` throws, its changes are rolled back to the savepoint and
    /// the original error is rethrown; the enclosing transaction stays open.
    /// Outside a transaction a savepoint behaves like `BEGIN DEFERRED`.
    public func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
        var quoted = "\""
        for character in name {
            quoted += character == "\"" ? "\"\"" : String(character)
        }
        quoted += "\""
        try execute("SAVEPOINT \(quoted)")
        let result: T
        do {
            result = try body()
        } catch {
            // Some errors (SQLITE_FULL, SQLITE_IOERR, ...) already rolled back
            // the whole transaction, which also removed the savepoint
            // (https://sqlite.org/lang_transaction.html#response_to_errors_within_a_transaction);
            // then these statements fail and the original error matters more.
            try? execute("ROLLBACK TO \(quoted)")
            try? execute("RELEASE \(quoted)")
            throw error
        }
        try execute("RELEASE \(quoted)")
        return result
    }
}
