import SQLiteStore

/// The `change_marks` table: small facts the feed keeps about itself (how far it was
/// pruned, how far the watcher read) and the watcher keeps about days, nights and
/// readiness (waiting to settle, already emitted), one integer per (kind, key).
public enum ChangeMarks {
    /// One mark.
    public struct Mark: Sendable, Equatable {
        /// What the mark is about (`pending.day`, `emitted.night`, …).
        public var kind: String
        /// Which one (a day key, …).
        public var key: String
        /// Its number (a count, a position, an instant).
        public var value: Int64
        /// When it was last set.
        public var atMs: Int64

        /// A mark with these fields.
        public init(kind: String, key: String, value: Int64, atMs: Int64) {
            self.kind = kind
            self.key = key
            self.value = value
            self.atMs = atMs
        }
    }

    /// The kind of the feed's own marks.
    static let feedKind = "feed"
    /// The feed's mark: every position up to this one was pruned.
    static let prunedThroughKey = "pruned_through"

    static func value(kind: String, key: String, db: Database) throws -> Int64? {
        try db.queryFirst("SELECT value FROM change_marks WHERE kind = ?1 AND key = ?2", [.text(kind), .text(key)]) { $0.int64(0) }
    }

    static func all(kind: String, db: Database) throws -> [Mark] {
        try db.query("SELECT kind, key, value, at_ms FROM change_marks WHERE kind = ?1 ORDER BY key", [.text(kind)]) {
            Mark(kind: $0.text(0), key: $0.text(1), value: $0.int64(2), atMs: $0.int64(3))
        }
    }

    static func set(kind: String, key: String, value: Int64, atMs: Int64, db: Database) throws {
        try db.run("""
            INSERT INTO change_marks (kind, key, value, at_ms) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, at_ms = excluded.at_ms
            """, [.text(kind), .text(key), .integer(value), .integer(atMs)])
    }

    static func remove(kind: String, key: String, db: Database) throws {
        try db.run("DELETE FROM change_marks WHERE kind = ?1 AND key = ?2", [.text(kind), .text(key)])
    }

    /// Removes the marks of `kind` last set before `cutoffMs`; how many.
    static func prune(kind: String, beforeMs cutoffMs: Int64, db: Database) throws -> Int {
        try db.run("DELETE FROM change_marks WHERE kind = ?1 AND at_ms < ?2", [.text(kind), .integer(cutoffMs)])
        return db.changes
    }
}
