import HealthDomain
import SQLiteStore

/// Raw samples and their day aggregates in SQLite. Every change to samples and the
/// recomputation of the days it touches happen in one `BEGIN IMMEDIATE` transaction,
/// so a reader never sees samples and aggregates that disagree.
public final class SampleStore: Sendable {
    public let pool: DatabasePool
    public let priority: SourcePriority
    public let clock: ZoneClock

    public init(pool: DatabasePool, priority: SourcePriority = .default, clock: ZoneClock = .shared) {
        self.pool = pool
        self.priority = priority
        self.clock = clock
    }

    /// Upserts `samples` by `sampleKey`, deletes `deletedKeys`, and recomputes exactly the
    /// (day, metric) pairs whose inputs changed — old and new days of a moved sample.
    public func ingest(_ samples: [Sample], deletedKeys: [String] = [], nowMs: Int64) async throws -> IngestOutcome {
        let priority = self.priority
        let clock = self.clock
        return try await pool.write { db in
            try SampleStore.ingest(samples, deletedKeys: deletedKeys, nowMs: nowMs, db: db, priority: priority, clock: clock)
        }
    }

    /// The synchronous core of `ingest`, for callers already inside a write transaction.
    public static func ingest(_ samples: [Sample], deletedKeys: [String], nowMs: Int64, db: Database,
                              priority: SourcePriority, clock: ZoneClock) throws -> IngestOutcome {
        var outcome = IngestOutcome()
        var touched = DayTouches()
        var extents = try MetricExtent.loadAll(db)
        var grown: [Metric: MetricExtent] = [:]

        // Write intents whose HealthKit sample arrives here are reconciled in this same
        // transaction; with nothing queued (the common case) that costs one probe.
        let reconcileIntents = try WriteIntentStore.hasQueuedIntents(db: db)
        var changedSamples: [Sample] = []

        let select = try db.statement(SampleRow.selectByKey)
        let insert = try db.statement(SampleRow.insert)
        let update = try db.statement(SampleRow.update)
        for sample in samples {
            let existing = try SampleRow.fetch(key: sample.sampleKey, with: select)
            if let existing, existing == sample {
                outcome.unchanged += 1
                continue
            }
            if let existing {
                try SampleRow.bind(sample, to: update, nowMs: nowMs, includeReceived: false)
                try update.run()
                outcome.updated += 1
                touched.add(existing, clock: clock)
            } else {
                try SampleRow.bind(sample, to: insert, nowMs: nowMs, includeReceived: true)
                try insert.run()
                outcome.inserted += 1
            }
            touched.add(sample, clock: clock)
            if reconcileIntents { changedSamples.append(sample) }
            if sample.metric.aggregation == .raw { outcome.rawOnlyMetrics.insert(sample.metric) }
            let extent = MetricExtent(sample, offsetSeconds: clock.offsetSeconds(atMs: sample.startTimeMs, zone: sample.timezone))
            if var known = extents[sample.metric] {
                if known.formUnion(extent) {
                    extents[sample.metric] = known
                    grown[sample.metric] = known
                }
            } else {
                extents[sample.metric] = extent
                grown[sample.metric] = extent
            }
        }

        if !deletedKeys.isEmpty {
            let delete = try db.statement("DELETE FROM samples WHERE sample_key = ?")
            for key in deletedKeys {
                // Deleting a key the store does not hold is not an error: deletes are idempotent.
                guard let existing = try SampleRow.fetch(key: key, with: select) else { continue }
                try delete.bind(1, key)
                try delete.run()
                outcome.deleted += 1
                touched.add(existing, clock: clock)
            }
        }

        try MetricExtent.save(grown, db)

        if reconcileIntents { try WriteIntentStore.reconcile(samples: changedSamples, nowMs: nowMs, clock: clock, db: db) }
        try recompute(touched.days, db: db, priority: priority, clock: clock, extents: extents, nowMs: nowMs)
        outcome.affected = touched.byDay
        return outcome
    }
}

/// The (day, metric) pairs an ingest touched, by metric for recomputation and by day for the response.
struct DayTouches {
    private(set) var days: [Metric: Set<DayKey>] = [:]

    mutating func add(_ sample: Sample, clock: ZoneClock) {
        guard sample.metric.aggregation != .raw else { return }
        for day in DayAttribution.days(for: sample, clock: clock) { days[sample.metric, default: []].insert(day) }
    }

    var byDay: [DayKey: Set<Metric>] {
        var result: [DayKey: Set<Metric>] = [:]
        for (metric, keys) in days { for day in keys { result[day, default: []].insert(metric) } }
        return result
    }
}
