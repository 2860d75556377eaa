import SQLiteStore

/// One read transaction's view of the store. Everything a summary or a query reads goes
/// through one reader, so it all comes from one snapshot: an ingest committed halfway
/// through the answer is either wholly in it or not at all. A reader exists only inside
/// ``SampleStore/read(_:)``, on the reader connection's thread.
public struct StoreReader {
    let db: Database

    init(_ db: Database) { self.db = db }
}

extension SampleStore {
    /// Runs `body` in one read transaction on a reader connection (never on the
    /// cooperative pool) and returns its result.
    public func read<T: Sendable>(_ body: @escaping @Sendable (StoreReader) throws -> T) async throws -> T {
        try await pool.read { db in try body(StoreReader(db)) }
    }
}
