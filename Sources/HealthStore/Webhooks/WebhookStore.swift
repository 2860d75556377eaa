import SQLiteStore

/// Webhook subscriptions kept in the database (`healthd webhook add|list|remove`). The
/// server reads them inside every transaction that appends to the changes feed, so a
/// subscription added or removed by the command line while the server runs takes effect
/// with the next change. The secret is stored as given, since deliveries are signed with
/// it; no method here returns it (only ``WebhookOutboxStore`` reads it, to sign).
public struct WebhookStore: Sendable {
    /// One subscription, without its secret.
    public struct Record: Sendable, Equatable {
        /// `wh_` and 16 hex digits.
        public var id: String
        /// Where deliveries go.
        public var url: String
        /// The event types wanted, sorted; nil for all.
        public var events: [String]?
        /// Whether deliveries carry the entries' values (`include=values`).
        public var includeValues: Bool
        /// When it was added.
        public var createdMs: Int64
        /// Deliveries waiting (the first due or retrying).
        public var pending: Int
        /// Deliveries given up after the retry horizon.
        public var expired: Int
    }

    /// Why a subscription could not be removed.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case unknownID(String)

        public var description: String {
            switch self {
            case .unknownID(let id): "no webhook has the id '\(id.prefix(80))'"
            }
        }
    }

    let pool: DatabasePool

    /// The subscriptions in `pool`'s database.
    public init(pool: DatabasePool) { self.pool = pool }

    /// The subscriptions in `store`'s database.
    public init(store: SampleStore) { self.init(pool: store.pool) }

    /// Opens the database at `path` (creating it and its tables when needed) for the webhook
    /// commands; ``close()`` when done.
    public static func open(path: String) throws -> WebhookStore {
        let pool = try DatabasePool(path: path)
        do {
            _ = try HealthSchema.migrator.migrateSync(pool)
        } catch {
            pool.close()
            throw error
        }
        return WebhookStore(pool: pool)
    }

    /// Closes the connections of a store made by ``open(path:)``.
    public func close() { pool.close() }

    /// Adds a subscription of `url` to `events` (nil: every type) signed with `secret`, and
    /// returns it. The caller has checked the URL, the types and the secret.
    public func add(url: String, secret: String, events: [String]?, includeValues: Bool, nowMs: Int64) throws -> Record {
        let id = "wh_" + RandomHex.digits(words: 1)
        let list = events.map { Array(Set($0)).sorted() }
        try pool.writeSync { db in
            try db.run("INSERT INTO webhooks (id, url, secret, events, include_values, created_ms) VALUES (?, ?, ?, ?, ?, ?)",
                       [.text(id), .text(url), .text(secret), .text(list?.joined(separator: ",") ?? "*"),
                        .integer(includeValues ? 1 : 0), .integer(nowMs)])
        }
        return Record(id: id, url: url, events: list, includeValues: includeValues, createdMs: nowMs, pending: 0, expired: 0)
    }

    /// Every subscription, oldest first, with its outbox counts; never the secret.
    public func list() throws -> [Record] {
        try pool.readSync { db in
            try db.query("""
                SELECT w.id, w.url, w.events, w.include_values, w.created_ms,
                       (SELECT count(*) FROM webhook_outbox o WHERE o.webhook_id = w.id AND o.state = 'pending'),
                       (SELECT count(*) FROM webhook_outbox o WHERE o.webhook_id = w.id AND o.state = 'expired')
                  FROM webhooks w ORDER BY w.created_ms, w.id
                """, []) { row in
                let events = row.text(2)
                return Record(id: row.text(0), url: row.text(1),
                              events: events == "*" ? nil : events.split(separator: ",").map(String.init),
                              includeValues: row.int64(3) != 0, createdMs: row.int64(4), pending: Int(row.int64(5)), expired: Int(row.int64(6)))
            }
        }
    }

    /// Removes subscription `id` and whatever still waits for it.
    public func remove(id: String) throws {
        let removed = try pool.writeSync { db -> Bool in
            try db.run("DELETE FROM webhooks WHERE id = ?", [.text(id)])
            let found = db.changes > 0
            try db.run("DELETE FROM webhook_outbox WHERE webhook_id = ?", [.text(id)])
            return found
        }
        guard removed else { throw Failure.unknownID(id) }
    }
}
