import JSON
import SQLiteStore

/// The `change_feed` table: what changed, in commit order, kept ``retentionMs``.
///
/// Entries are appended inside the caller's write transaction, together with the webhook
/// outbox rows of every subscription that wants them, so a change, its entry and its
/// deliveries commit or roll back as one. An append costs two statements whatever the
/// number of entries: one insert of all of them (from one JSON array) and one insert of the
/// outbox rows they fan out to.
public enum ChangeFeed {
    /// How long entries are kept: 90 days.
    public static let retentionMs: Int64 = 90 * 86_400_000

    /// The range of positions a cursor may name: entries after `oldest` are all still kept
    /// (older ones were pruned), and `head` is the last position ever given.
    public struct Bounds: Sendable, Equatable {
        /// The oldest cursor that loses nothing: every entry after it is kept.
        public var oldest: Int64
        /// The newest position; a cursor beyond it was never issued.
        public var head: Int64

        /// Bounds with these positions.
        public init(oldest: Int64, head: Int64) {
            self.oldest = oldest
            self.head = head
        }
    }

    /// Entries after a cursor and the feed's bounds, read in one snapshot.
    public struct Page: Sendable, Equatable {
        /// The entries, oldest first.
        public var entries: [ChangeEntry]
        /// The feed's bounds when read.
        public var bounds: Bounds
        /// Whether more entries follow the last one returned.
        public var hasMore: Bool
    }

    static let insertSQL = """
        INSERT INTO change_feed (event_id, type, occurred_ms, subject, vals)
        SELECT json_extract(value, '$.id'), json_extract(value, '$.type'), ?2, json_extract(value, '$.subject'),
               json_extract(value, '$.values')
          FROM json_each(?1) ORDER BY key
        """

    /// Every subscription whose event list names the entry's type (or is `*`) gets a row,
    /// in feed order, so each subscription's rows are in the order of its entries.
    static let fanOutSQL = """
        INSERT INTO webhook_outbox (webhook_id, position, next_attempt_ms)
        SELECT w.id, f.position, ?2 FROM change_feed f
          JOIN webhooks w ON w.events = '*' OR instr(',' || w.events || ',', ',' || f.type || ',') > 0
         WHERE f.position > ?1
         ORDER BY f.position, w.id
        """

    static let selectSQL = """
        SELECT position, event_id, type, occurred_ms, subject, vals FROM change_feed WHERE position > ?1 ORDER BY position LIMIT ?2
        """

    /// Appends `drafts` in order at `nowMs`, inside the caller's write transaction, and
    /// queues each for the subscriptions that want its type. Returns the last position.
    @discardableResult
    static func append(_ drafts: [ChangeDraft], nowMs: Int64, db: Database) throws -> Int64? {
        guard !drafts.isEmpty else { return nil }
        let rows: [JSONValue] = drafts.map { draft in
            var row: [String: JSONValue] = ["id": .string(makeID()), "type": .string(draft.type), "subject": .object(draft.subject)]
            if let values = draft.values { row["values"] = .object(values) }
            return .object(row)
        }
        let insert = try db.statement(insertSQL)
        try insert.bind(1, JSONWriter.string(.array(rows)))
        try insert.bind(2, nowMs)
        try insert.run()
        // One statement under the write lock: its positions are consecutive, ending here.
        let last = db.lastInsertRowID
        let fanOut = try db.statement(fanOutSQL)
        try fanOut.bind(1, last - Int64(drafts.count))
        try fanOut.bind(2, nowMs)
        try fanOut.run()
        return last
    }

    /// The feed's bounds.
    static func bounds(_ db: Database) throws -> Bounds {
        let head = try db.queryFirst("SELECT seq FROM sqlite_sequence WHERE name = 'change_feed'", []) { $0.int64(0) } ?? 0
        let oldest = try ChangeMarks.value(kind: ChangeMarks.feedKind, key: ChangeMarks.prunedThroughKey, db: db) ?? 0
        return Bounds(oldest: oldest, head: head)
    }

    /// Up to `limit` entries after position `after`, oldest first.
    static func entries(after: Int64, limit: Int, db: Database) throws -> [ChangeEntry] {
        try db.query(selectSQL, [.integer(after), .integer(Int64(max(0, limit)))]) { decode($0) }
    }

    /// Up to `limit` entries after `after` and the bounds, from one snapshot.
    static func page(after: Int64, limit: Int, db: Database) throws -> Page {
        var entries = try self.entries(after: after, limit: limit + 1, db: db)
        let hasMore = entries.count > limit
        if hasMore { entries.removeLast() }
        return Page(entries: entries, bounds: try bounds(db), hasMore: hasMore)
    }

    /// Removes the entries older than `cutoffMs`, oldest first and without gaps: everything
    /// before the first entry that is recent enough goes, with the outbox rows of the
    /// removed entries (a receiver unreachable for the whole retention), and the oldest
    /// valid cursor moves up. Returns how many entries were removed.
    @discardableResult
    static func prune(beforeMs cutoffMs: Int64, nowMs: Int64, db: Database) throws -> Int {
        let bounds = try self.bounds(db)
        let keepFrom = try db.queryFirst("SELECT min(position) FROM change_feed WHERE occurred_ms >= ?1", [.integer(cutoffMs)]) {
            $0.optionalInt64(0)
        } ?? nil
        let through = (keepFrom ?? bounds.head + 1) - 1
        guard through > bounds.oldest else { return 0 }
        try db.run("DELETE FROM change_feed WHERE position <= ?1", [.integer(through)])
        let removed = db.changes
        try db.run("DELETE FROM webhook_outbox WHERE position <= ?1", [.integer(through)])
        try ChangeMarks.set(kind: ChangeMarks.feedKind, key: ChangeMarks.prunedThroughKey, value: through, atMs: nowMs, db: db)
        return removed
    }

    /// `evt_` and 32 lowercase hex digits from the system's random source (getrandom on
    /// Linux): unique across people and databases, so a receiver de-duplicates on it alone.
    static func makeID() -> String { "evt_" + RandomHex.digits(words: 2) }

    /// An entry from a row of `selectSQL`'s columns starting at `first`. A subject or values
    /// text that does not parse (written by nothing but this file) reads as empty.
    static func decode(_ row: Row, from first: Int32 = 0) -> ChangeEntry {
        func object(_ text: String?) -> [String: JSONValue]? {
            guard let text, let value = try? JSONParser.parse(text) else { return nil }
            return value.objectValue
        }
        return ChangeEntry(position: row.int64(first), id: row.text(first + 1), type: row.text(first + 2), occurredMs: row.int64(first + 3),
                           subject: object(row.text(first + 4)) ?? [:], values: object(row.optionalText(first + 5)))
    }
}
