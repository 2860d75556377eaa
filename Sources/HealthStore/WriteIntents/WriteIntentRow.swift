import HealthDomain
import SQLiteStore

/// The mapping between `WriteIntent` and a `write_intents` row, written down once.
enum WriteIntentRow {
    static let columns = """
        id, external_id, metric, value, unit, canonical_value, start_ms, end_ms, timezone, note, source, version, status, attempts, \
        next_retry_ms, last_error, last_result, dead_reason, healthkit_uuid, reconciled_sample_key, created_ms, updated_ms, \
        last_attempt_ms, applied_ms, reconciled_ms, cancelled_ms
        """

    static let selectByExternalId = "SELECT \(columns) FROM write_intents WHERE external_id = ?"

    /// Decodes a row selected with `columns`; the row id comes first.
    static func decode(_ row: Row) -> (id: Int64, intent: WriteIntent) {
        let content = WriteIntentContent(
            metric: Metric(rawValue: row.text(2)), valueNumber: row.double(3), unit: row.text(4), canonicalValue: row.double(5),
            startTimeMs: row.int64(6), endTimeMs: row.int64(7), timezone: row.text(8), note: row.optionalText(9), source: row.optionalText(10))
        let intent = WriteIntent(
            externalId: row.text(1), content: content, version: Int(row.int64(11)),
            // The CHECK constraint admits only known statuses; pending is never reached here.
            status: IntentStatus(rawValue: row.text(12)) ?? .pending,
            attempts: Int(row.int64(13)), nextRetryAt: row.optionalInt64(14), lastError: row.optionalText(15), lastResult: row.optionalText(16),
            deadReason: row.optionalText(17), healthKitUUID: row.optionalText(18), reconciledSampleKey: row.optionalText(19),
            createdAt: row.int64(20), updatedAt: row.int64(21), lastAttemptAt: row.optionalInt64(22), appliedAt: row.optionalInt64(23),
            reconciledAt: row.optionalInt64(24), cancelledAt: row.optionalInt64(25))
        return (row.int64(0), intent)
    }

    static func fetch(externalId: String, db: Database) throws -> (id: Int64, intent: WriteIntent)? {
        try db.queryFirst(selectByExternalId, [.text(externalId)]) { decode($0) }
    }

    /// Writes every mutable column of `intent` to row `id`.
    static func save(_ intent: WriteIntent, id: Int64, db: Database, clock: ZoneClock) throws {
        let c = intent.content
        try db.run("""
            UPDATE write_intents SET metric = ?2, value = ?3, unit = ?4, canonical_value = ?5, start_ms = ?6, end_ms = ?7, timezone = ?8,
                day = ?9, note = ?10, source = ?11, version = ?12, status = ?13, attempts = ?14, next_retry_ms = ?15, last_error = ?16,
                last_result = ?17, dead_reason = ?18, healthkit_uuid = ?19, reconciled_sample_key = ?20, updated_ms = ?21,
                last_attempt_ms = ?22, applied_ms = ?23, reconciled_ms = ?24, cancelled_ms = ?25
            WHERE id = ?1
            """, [.integer(id), .text(c.metric.rawValue), .real(c.valueNumber), .text(c.unit), .real(c.canonicalValue), .integer(c.startTimeMs),
                  .integer(c.endTimeMs), .text(c.timezone), .integer(Int64(intent.dayKey(clock: clock).ordinal)), optional(c.note), optional(c.source),
                  .integer(Int64(intent.version)), .text(intent.status.rawValue), .integer(Int64(intent.attempts)), optional(intent.nextRetryAt),
                  optional(intent.lastError), optional(intent.lastResult), optional(intent.deadReason), optional(intent.healthKitUUID),
                  optional(intent.reconciledSampleKey), .integer(intent.updatedAt), optional(intent.lastAttemptAt), optional(intent.appliedAt),
                  optional(intent.reconciledAt), optional(intent.cancelledAt)])
    }

    /// Inserts a new intent and returns its row id.
    static func insert(_ intent: WriteIntent, db: Database, clock: ZoneClock) throws -> Int64 {
        let c = intent.content
        try db.run("""
            INSERT INTO write_intents (external_id, metric, value, unit, canonical_value, start_ms, end_ms, timezone, day, note, source,
                version, status, attempts, created_ms, updated_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(intent.externalId), .text(c.metric.rawValue), .real(c.valueNumber), .text(c.unit), .real(c.canonicalValue),
                  .integer(c.startTimeMs), .integer(c.endTimeMs), .text(c.timezone), .integer(Int64(intent.dayKey(clock: clock).ordinal)),
                  optional(c.note), optional(c.source), .integer(Int64(intent.version)), .text(intent.status.rawValue),
                  .integer(Int64(intent.attempts)), .integer(intent.createdAt), .integer(intent.updatedAt)])
        return db.lastInsertRowID
    }

    /// Appends one history event for row `id`, and its changes-feed entries in the same
    /// transaction (every event but a recorded UUID, which leaves the status as it was).
    static func record(_ event: String, intent: WriteIntent, id: Int64, atMs: Int64, detail: String? = nil, db: Database) throws {
        try db.run("INSERT INTO write_intent_events (intent_id, at_ms, version, event, status, detail) VALUES (?, ?, ?, ?, ?, ?)",
                   [.integer(id), .integer(atMs), .integer(Int64(intent.version)), .text(event), .text(intent.status.rawValue), optional(detail)])
        if event != "uuid_recorded" {
            try ChangeFeed.append(ChangeDraft.intentChanged(intent, event: event), nowMs: atMs, db: db)
        }
    }

    static func optional(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
    static func optional(_ value: Int64?) -> SQLiteValue { value.map { .integer($0) } ?? .null }
}
