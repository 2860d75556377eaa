import SQLiteStore

/// The `webhook_outbox` table as the webhook dispatcher reads and updates it. Rows are
/// written by ``ChangeFeed``'s append, in the transaction of the change; this side hands
/// out each subscription's **head** (its oldest pending row) and records what happened
/// to an attempt. Every method blocks: the dispatcher calls them from its own thread.
public struct WebhookOutboxStore: Sendable {
    /// One pending delivery with what it takes to send it.
    public struct Row: Sendable, Equatable {
        /// The outbox row id: within a subscription, smaller ids are delivered first.
        public var id: Int64
        /// The subscription.
        public var webhookID: String
        /// Where it goes.
        public var url: String
        /// The subscription's secret (`whsec_…`), to sign with.
        public var secret: String
        /// Whether the body carries the entry's values.
        public var includeValues: Bool
        /// Attempts made so far.
        public var attempts: Int
        /// When the first attempt started; nil before it.
        public var firstAttemptMs: Int64?
        /// When the next attempt is due.
        public var nextAttemptMs: Int64
        /// The feed entry delivered; nil when the feed no longer holds it.
        public var entry: ChangeEntry?
    }

    let pool: DatabasePool

    /// The outbox of `store`'s database.
    public init(store: SampleStore) { self.pool = store.pool }

    /// Each subscription's head as a subquery: the smallest pending id per subscription, one
    /// seek each on the partial index.
    static let headsSQL = "SELECT min(id) AS id FROM webhook_outbox WHERE state = 'pending' GROUP BY webhook_id"

    static let dueSQL = """
        SELECT o.id, o.webhook_id, w.url, w.secret, w.include_values, o.attempts, o.first_attempt_ms, o.next_attempt_ms,
               f.position, f.event_id, f.type, f.occurred_ms, f.subject, f.vals
          FROM (\(headsSQL)) h
          JOIN webhook_outbox o ON o.id = h.id
          JOIN webhooks w ON w.id = o.webhook_id
          LEFT JOIN change_feed f ON f.position = o.position
         WHERE o.next_attempt_ms <= ?1
         ORDER BY o.next_attempt_ms, o.id
         LIMIT ?2
        """

    /// Up to `limit` subscription heads due at `nowMs`, earliest due first.
    public func due(nowMs: Int64, limit: Int) throws -> [Row] {
        try pool.readSync { db in
            try db.query(WebhookOutboxStore.dueSQL, [.integer(nowMs), .integer(Int64(max(0, limit)))]) { row in
                Row(id: row.int64(0), webhookID: row.text(1), url: row.text(2), secret: row.text(3), includeValues: row.int64(4) != 0,
                    attempts: Int(row.int64(5)), firstAttemptMs: row.optionalInt64(6), nextAttemptMs: row.int64(7),
                    entry: row.isNull(8) ? nil : ChangeFeed.decode(row, from: 8))
            }
        }
    }

    /// The earliest due time of a subscription head later than `nowMs`, or nil.
    public func nextAttemptMs(after nowMs: Int64) throws -> Int64? {
        try pool.readSync { db in
            try db.queryFirst("""
                SELECT min(o.next_attempt_ms) FROM (\(WebhookOutboxStore.headsSQL)) h JOIN webhook_outbox o ON o.id = h.id
                 WHERE o.next_attempt_ms > ?1
                """, [.integer(nowMs)]) { $0.optionalInt64(0) } ?? nil
        }
    }

    /// Row `id` was delivered: it goes, and the subscription's next row becomes its head.
    public func delivered(id: Int64) throws {
        try pool.writeSync { db in try db.run("DELETE FROM webhook_outbox WHERE id = ?", [.integer(id)]) }
    }

    /// Attempt `attempt` of row `id` failed: records it and when to try next.
    public func failed(id: Int64, attempt: Int, firstAttemptMs: Int64, nextAttemptMs: Int64, lastError: String) throws {
        try pool.writeSync { db in
            try db.run("""
                UPDATE webhook_outbox SET attempts = ?2, first_attempt_ms = coalesce(first_attempt_ms, ?3), next_attempt_ms = ?4, last_error = ?5
                 WHERE id = ?1 AND state = 'pending'
                """, [.integer(id), .integer(Int64(attempt)), .integer(firstAttemptMs), .integer(nextAttemptMs), .text(lastError)])
        }
    }

    /// Row `id` is given up after `attempt` attempts: it stays, `expired`, for
    /// `healthd webhook list` to count, and no longer holds back the subscription.
    public func expired(id: Int64, attempt: Int, lastError: String) throws {
        try pool.writeSync { db in
            try db.run("UPDATE webhook_outbox SET state = 'expired', attempts = ?2, last_error = ?3 WHERE id = ?1",
                       [.integer(id), .integer(Int64(attempt)), .text(lastError)])
        }
    }
}
