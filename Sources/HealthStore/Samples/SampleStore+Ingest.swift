import HealthDomain
import SQLiteStore

extension SampleStore {
    /// The one way a request's data enters the store: in one `BEGIN IMMEDIATE`
    /// transaction, the ledger check (a replay or a conflict stores nothing), the
    /// per-source sync record, the samples (upserted by `sampleKey`, an identified sample
    /// taking over the id-less entry it is, the deleted keys removed, exactly the touched
    /// (day, metric) pairs recomputed), workouts,
    /// rings and reported day totals, the changes-feed entries and webhook outbox rows of
    /// what changed, and the ledger record. Nothing is half stored.
    public func ingest(_ batch: IngestBatch, options: IngestOptions = IngestOptions(), nowMs: Int64) async throws -> IngestAnswer {
        let rules = self.rules
        defer { changeBell.ring() }
        return try await pool.write { [batch] db in
            if let ledger = options.ledger {
                switch try BatchLedger.check(db, key: ledger.key, payloadHash: ledger.payloadHash) {
                case .fresh: break
                case .replay(let status, let body): return .replay(status: status, body: body)
                case .conflict: return .conflict
                }
            }
            let prepared = batch.prepared ?? PreparedSamples(batch.samples)
            if let client = options.client {
                try SyncLedger.record(client: client, samples: batch.samples, prepared: prepared, workouts: batch.workouts, nowMs: nowMs, db: db)
            }
            var samples = try SampleStore.ingest(batch.samples, prepared: prepared, deletedKeys: batch.deletedKeys, nowMs: nowMs, db: db, rules: rules)
            var records = RecordOutcome()
            var workouts: [(workout: Workout, added: Bool)] = []
            try SampleStore.upsert(workouts: batch.workouts, nowMs: nowMs, clock: rules.clock, db: db, into: &records, changed: &workouts)
            try SampleStore.upsert(activitySummaries: batch.activitySummaries, nowMs: nowMs, db: db, into: &records)
            let reported = try SampleStore.upsert(dayTotals: batch.dayTotals, nowMs: nowMs, db: db, into: &records)
            if !reported.isEmpty {
                let headlines = try SampleStore.recompute(reported, db: db, rules: rules, extents: try MetricExtent.loadAll(db), nowMs: nowMs)
                samples.headlines.merge(headlines) { old, new in old.merging(new) { _, latest in latest } }
                for (metric, days) in reported { for day in days { samples.affected[day, default: []].insert(metric) } }
            }
            // The changes feed and the webhook outbox, in this transaction: one insert of all
            // the entries, one of their deliveries.
            try ChangeFeed.append(ChangeDraft.daysChanged(samples.affected, headlines: samples.headlines)
                                  + workouts.map { ChangeDraft.workoutChanged($0.workout, added: $0.added, clock: rules.clock) },
                                  nowMs: nowMs, db: db)
            var result = IngestResult(samples: samples, records: records)
            if let ledger = options.ledger {
                let entry = ledger.entry(result)
                try BatchLedger.record(db, entry, nowMs: nowMs)
                result.ledgerEntry = entry
            }
            return .stored(result)
        }
    }

    /// ``ingest(_:options:nowMs:)`` of samples and deleted keys alone: upserts `samples`
    /// by `sampleKey`, deletes `deletedKeys`, and recomputes exactly the (day, metric)
    /// pairs whose inputs changed — old and new days of a moved sample. `client` names the
    /// adapter the samples came through; nil for commands that fill a database.
    public func ingest(_ samples: [Sample], deletedKeys: [String] = [], client: SyncClient? = nil, nowMs: Int64) async throws -> IngestOutcome {
        try await ingest(IngestBatch(samples: samples, deletedKeys: deletedKeys), options: IngestOptions(client: client), nowMs: nowMs)
            .stored.samples
    }

    /// ``ingest(_:options:nowMs:)`` with workouts, activity summaries and day totals beside
    /// the samples; workouts and rings never touch day aggregates.
    public func ingest(_ samples: [Sample], deletedKeys: [String], workouts: [Workout], activitySummaries: [ActivitySummary],
                       dayTotals: [DayTotal] = [], client: SyncClient? = nil, nowMs: Int64) async throws -> (samples: IngestOutcome, records: RecordOutcome) {
        let batch = IngestBatch(samples: samples, deletedKeys: deletedKeys, workouts: workouts, activitySummaries: activitySummaries, dayTotals: dayTotals)
        let result = try await ingest(batch, options: IngestOptions(client: client), nowMs: nowMs).stored
        return (result.samples, result.records)
    }
}

extension IngestAnswer {
    /// The result of an ingest without a ledger, which is always stored.
    var stored: IngestResult {
        guard case .stored(let result) = self else { preconditionFailure("an ingest without a ledger is always stored") }
        return result
    }
}
