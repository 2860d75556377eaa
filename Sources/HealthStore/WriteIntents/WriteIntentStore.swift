import HealthDomain
import JSON
import SQLiteStore

/// The write-intent queue in SQLite. Every change runs in one `BEGIN IMMEDIATE`
/// transaction on the single writer, so concurrent upserts of one externalId are
/// serialised and produce one row; reads never change anything.
public final class WriteIntentStore: Sendable {
    public let pool: DatabasePool
    public let policy: RetryPolicy
    public let zoneClock: ZoneClock
    /// Which metrics may be queued, and their units.
    public let catalog: MetricCatalog
    /// Rung after every committed change (the sample store's bell when built from one).
    public let changeBell: ChangeBell

    public init(pool: DatabasePool, policy: RetryPolicy = .default, zoneClock: ZoneClock = .shared, catalog: MetricCatalog = .standard,
                changeBell: ChangeBell = ChangeBell()) {
        self.changeBell = changeBell
        self.pool = pool
        self.policy = policy
        self.zoneClock = zoneClock
        self.catalog = catalog
    }

    /// The queue in `store`'s database, with its zone clock and metric table.
    public convenience init(store: SampleStore, policy: RetryPolicy = .default) {
        self.init(pool: store.pool, policy: policy, zoneClock: store.clock, catalog: store.catalog, changeBell: store.changeBell)
    }

    /// What an upsert did.
    public enum UpsertOutcome: String, Sendable {
        /// A new intent, version 1.
        case created
        /// The content changed before the intent was written; version increased.
        case updated
        /// The same content again: nothing stored changed.
        case unchanged
    }

    /// A page of intents and the cursor of the next one (nil on the last page).
    public struct Page: Sendable {
        public var intents: [WriteIntent]
        public var nextCursor: Int64?
    }

    /// One history entry of an intent.
    public struct Event: Sendable, Equatable {
        public var atMs: Int64
        public var version: Int
        public var event: String
        public var status: String
        public var detail: String?

        public var json: JSONValue {
            ["at": JSONValue(atMs), "version": JSONValue(version), "event": .string(event), "status": .string(status), "detail": JSONValue(detail)]
        }
    }

    /// Upserts by externalId. Equal content is a no-op; changed content replaces the
    /// intent while it is not written (pending, failed, dead, cancelled), bumps its version
    /// and offers it again with fresh attempts; changed content after it was written
    /// (applied, reconciled, skipped) is refused (`contentAlreadyWritten`) because HealthKit
    /// already holds the old one.
    public func upsert(externalId: String, content: WriteIntentContent, nowMs: Int64) async throws -> (WriteIntentStore.UpsertOutcome, WriteIntent) {
        let clock = zoneClock
        defer { changeBell.ring() }
        return try await pool.write { db in
            guard let (id, existing) = try WriteIntentRow.fetch(externalId: externalId, db: db) else {
                let intent = WriteIntent(externalId: externalId, content: content, version: 1, status: .pending, attempts: 0,
                                         createdAt: nowMs, updatedAt: nowMs)
                let id = try WriteIntentRow.insert(intent, db: db, clock: clock)
                try WriteIntentRow.record("created", intent: intent, id: id, atMs: nowMs, db: db)
                return (.created, intent)
            }
            if existing.content == content { return (.unchanged, existing) }
            guard !existing.status.isWritten else {
                throw WriteIntentStoreError.contentAlreadyWritten(externalId: externalId, status: existing.status, version: existing.version)
            }
            var intent = existing
            intent.content = content
            intent.version += 1
            intent.status = .pending
            intent.attempts = 0
            intent.nextRetryAt = nil
            intent.deadReason = nil
            intent.cancelledAt = nil
            intent.updatedAt = nowMs
            try WriteIntentRow.save(intent, id: id, db: db, clock: clock)
            try WriteIntentRow.record("updated", intent: intent, id: id, atMs: nowMs, detail: "from status \(existing.status.rawValue)", db: db)
            return (.updated, intent)
        }
    }

    /// Cancels an intent that is not written yet. Cancelling a cancelled intent is a
    /// no-op (`changed` false); a written one is refused (`cancelAfterWrite`), an unknown one
    /// is `notFound`.
    public func cancel(externalId: String, nowMs: Int64) async throws -> (changed: Bool, intent: WriteIntent) {
        let clock = zoneClock
        defer { changeBell.ring() }
        return try await pool.write { db in
            guard let (id, existing) = try WriteIntentRow.fetch(externalId: externalId, db: db) else { throw WriteIntentStoreError.notFound(externalId: externalId) }
            if existing.status == .cancelled { return (false, existing) }
            guard !existing.status.isWritten else {
                throw WriteIntentStoreError.cancelAfterWrite(externalId: externalId, status: existing.status)
            }
            var intent = existing
            intent.status = .cancelled
            intent.nextRetryAt = nil
            intent.cancelledAt = nowMs
            intent.updatedAt = nowMs
            try WriteIntentRow.save(intent, id: id, db: db, clock: clock)
            try WriteIntentRow.record("cancelled", intent: intent, id: id, atMs: nowMs, detail: "from status \(existing.status.rawValue)", db: db)
            return (true, intent)
        }
    }

    /// One intent with its history (the latest `historyLimit` events, oldest first).
    public func intent(externalId: String, historyLimit: Int = 200) async throws -> (WriteIntent, [Event]) {
        try await pool.read { db in
            guard let (id, intent) = try WriteIntentRow.fetch(externalId: externalId, db: db) else { throw WriteIntentStoreError.notFound(externalId: externalId) }
            let events = try db.query("""
                SELECT at_ms, version, event, status, detail FROM
                    (SELECT seq, at_ms, version, event, status, detail FROM write_intent_events WHERE intent_id = ? ORDER BY seq DESC LIMIT ?)
                ORDER BY seq
                """, [.integer(id), .integer(Int64(historyLimit))]) { row in
                Event(atMs: row.int64(0), version: Int(row.int64(1)), event: row.text(2), status: row.text(3), detail: row.optionalText(4))
            }
            return (intent, events)
        }
    }

    /// The intents due at `nowMs` — pending, or failed with `nextRetryAt` ≤ now — oldest
    /// first, after row `after`. Reads only.
    public func pending(nowMs: Int64, after: Int64?, limit: Int) async throws -> Page {
        try await pool.read { db in
            let rows = try db.query("""
                SELECT \(WriteIntentRow.columns) FROM write_intents
                WHERE status IN ('pending', 'failed') AND id > ?1 AND (status = 'pending' OR next_retry_ms <= ?2)
                ORDER BY id LIMIT ?3
                """, [.integer(after ?? 0), .integer(nowMs), .integer(Int64(limit + 1))]) { WriteIntentRow.decode($0) }
            return WriteIntentStore.page(rows, limit: limit)
        }
    }

    /// All intents, or those in `status`, oldest first, after row `after`.
    public func list(status: IntentStatus?, after: Int64?, limit: Int) async throws -> Page {
        try await pool.read { db in
            let rows: [(id: Int64, intent: WriteIntent)]
            if let status {
                rows = try db.query("SELECT \(WriteIntentRow.columns) FROM write_intents WHERE status = ?1 AND id > ?2 ORDER BY id LIMIT ?3",
                                    [.text(status.rawValue), .integer(after ?? 0), .integer(Int64(limit + 1))]) { WriteIntentRow.decode($0) }
            } else {
                rows = try db.query("SELECT \(WriteIntentRow.columns) FROM write_intents WHERE id > ?1 ORDER BY id LIMIT ?2",
                                    [.integer(after ?? 0), .integer(Int64(limit + 1))]) { WriteIntentRow.decode($0) }
            }
            return WriteIntentStore.page(rows, limit: limit)
        }
    }

    static func page(_ rows: [(id: Int64, intent: WriteIntent)], limit: Int) -> Page {
        let hasMore = rows.count > limit
        let kept = rows.prefix(limit)
        return Page(intents: kept.map(\.intent), nextCursor: hasMore ? kept.last?.id : nil)
    }
}
