import HealthDomain
import SQLiteStore

/// Closing the write-back loop: an intent whose HealthKit sample has come back through
/// ingest becomes `reconciled`. From then on the sample carries the value in the day
/// totals and the intent is no longer reported as queued, so the value counts once.
///
/// A sample matches an intent when its `sampleKey` is the intent's `healthKitUUID`
/// (exact: HealthKit assigned it to this write), or when its `syncIdentifier` is the
/// intent's `externalId` *and* it has the intent's metric, start and value — the
/// content check keeps a stale sample of an earlier version from closing a newer one.
extension WriteIntentStore {
    /// Whether any intent could still be reconciled: one index probe, so that ingest
    /// skips all per-sample work while nothing is queued.
    static func hasQueuedIntents(db: Database) throws -> Bool {
        try db.queryFirst("SELECT 1 FROM write_intents WHERE status IN \(IntentStatus.queuedSQL) LIMIT 1", []) { _ in true } ?? false
    }

    /// Called by `SampleStore.ingest` inside its write transaction with the samples it
    /// inserted or changed (only when `hasQueuedIntents`): one or two index lookups per sample.
    static func reconcile(samples: [Sample], nowMs: Int64, clock: ZoneClock, db: Database) throws {
        guard !samples.isEmpty else { return }
        let byUUID = try db.statement("SELECT \(WriteIntentRow.columns) FROM write_intents WHERE healthkit_uuid = ? AND status = 'applied'")
        let byExternalId = try db.statement("SELECT \(WriteIntentRow.columns) FROM write_intents WHERE external_id = ? AND status IN \(IntentStatus.queuedSQL)")
        for sample in samples {
            if let match = try first(byUUID, sample.sampleKey) {
                try markReconciled(match.intent, id: match.id, sampleKey: sample.sampleKey, how: "sampleKey", nowMs: nowMs, clock: clock, db: db)
            } else if let syncIdentifier = sample.syncIdentifier, let match = try first(byExternalId, syncIdentifier),
                      matches(sample, match.intent) {
                try markReconciled(match.intent, id: match.id, sampleKey: sample.sampleKey, how: "syncIdentifier", nowMs: nowMs, clock: clock, db: db)
            }
        }
    }

    /// At an `applied` ack: the sample may have synced back before the ack arrived.
    static func reconcileIfSynced(_ intent: WriteIntent, id: Int64, nowMs: Int64, clock: ZoneClock, db: Database) throws -> WriteIntent {
        // The sample HealthKit wrote starts when the intent does: its period is probed
        // first, every period only when it is not there.
        if let uuid = intent.healthKitUUID,
           let found = try SampleRow.find(key: uuid, near: intent.content.startTimeMs, db: db)
            ?? SampleRow.findAll(key: uuid, periods: { try SampleRow.periods(db: db) }, db: db).first {
            return try markReconciled(intent, id: id, sampleKey: found.sampleKey, how: "sampleKey", nowMs: nowMs, clock: clock, db: db)
        }
        let candidates = try db.query("SELECT \(SampleRow.columns) FROM \(SampleRow.from) WHERE s.sync_identifier = ? LIMIT 16",
                                      [.text(intent.externalId)]) { SampleRow.decode($0) }
        if let found = candidates.first(where: { matches($0, intent) }) {
            return try markReconciled(intent, id: id, sampleKey: found.sampleKey, how: "syncIdentifier", nowMs: nowMs, clock: clock, db: db)
        }
        return intent
    }

    /// Whether `sample` carries `intent`'s content (value compared in the canonical unit,
    /// which ingest converts to, with a tolerance for HealthKit's unit round trips).
    static func matches(_ sample: Sample, _ intent: WriteIntent) -> Bool {
        guard sample.metric == intent.content.metric, sample.startTimeMs == intent.content.startTimeMs, let value = sample.valueNumber else { return false }
        return abs(value - intent.content.canonicalValue) <= max(1e-3, 1e-6 * abs(intent.content.canonicalValue))
    }

    @discardableResult
    static func markReconciled(_ existing: WriteIntent, id: Int64, sampleKey: String, how: String, nowMs: Int64, clock: ZoneClock, db: Database) throws -> WriteIntent {
        var intent = existing
        intent.status = .reconciled
        intent.nextRetryAt = nil
        intent.reconciledSampleKey = sampleKey
        intent.reconciledAt = nowMs
        intent.updatedAt = nowMs
        try WriteIntentRow.save(intent, id: id, db: db, clock: clock)
        try WriteIntentRow.record("reconciled", intent: intent, id: id, atMs: nowMs,
                                  detail: "sample \(sampleKey) matched by \(how) (was \(existing.status.rawValue))", db: db)
        return intent
    }

    private static func first(_ statement: Statement, _ key: String) throws -> (id: Int64, intent: WriteIntent)? {
        try statement.bind(1, key)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return WriteIntentRow.decode(statement.row)
    }
}
