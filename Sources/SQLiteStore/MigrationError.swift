/// Why ``Migrator`` refused to migrate a database.
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database records a schema version newer than any registered
    /// migration: it was written by a newer build, and running this one
    /// against it could corrupt data. Downgrades are not supported.
    case databaseIsNewer(recorded: Int, latestKnown: Int)

    /// A migration left rows that break foreign keys
    /// (https://sqlite.org/pragma.html#pragma_foreign_key_check).
    case foreignKeyViolation(version: Int, table: String)

    /// A description for logs and command-line output.
    public var description: String {
        switch self {
        case let .databaseIsNewer(recorded, latestKnown):
            return "the database schema is at version \(recorded), newer than the latest known "
                + "version \(latestKnown); refusing to open it with this older build"
        case let .foreignKeyViolation(version, table):
            return "migration \(version) left foreign key violations in table \(table)"
        }
    }
}
