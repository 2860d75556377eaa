import HealthDomain

extension StoreReader {
    /// Workouts whose local day is in `from…to`, of `type` when given, ascending by start.
    public func workouts(from: DayKey, to: DayKey, type: WorkoutActivityType? = nil) throws -> [StoredWorkout] {
        try WorkoutReads.inRange(db, from: from, to: to, type: type)
    }

    /// One page of the workout listing, newest first (``WorkoutReads/page(_:from:to:type:after:limit:)``).
    public func workoutPage(from: DayKey?, to: DayKey?, type: WorkoutActivityType?,
                            after: (startMs: Int64, key: String)?, limit: Int) throws -> WorkoutReads.Page {
        try WorkoutReads.page(db, from: from, to: to, type: type, after: after, limit: limit)
    }

    /// One workout with its timelines, or nil when no workout has `key`.
    public func workout(key: String) throws -> StoredWorkout? {
        try WorkoutReads.one(db, key: key)
    }

    /// The activity rings of the days `from…to`, ascending.
    public func activitySummaries(from: DayKey, to: DayKey) throws -> [ActivitySummary] {
        try ActivitySummaryRow.load(db, from: from, to: to)
    }

    /// Samples per stored metric name: count, first start, last end.
    public func storedMetrics() throws -> [String: StoredMetric] {
        try StoredMetric.all(db)
    }

    /// Every stored metric by its HealthSave name (``HeldMetric``); `appNames` is the
    /// app's own name of each canonical metric.
    public func heldMetrics(catalog: MetricCatalog, appNames: [Metric: String]) throws -> [String: HeldMetric] {
        try HeldMetric.load(db, catalog: catalog, appNames: appNames)
    }

    /// Every row of the sync ledger, by client then source.
    public func syncEntries() throws -> [SyncLedger.Entry] {
        try SyncLedger.all(db)
    }

    /// Every source with stored samples (``StoredSources``), with the adapters of `ledger`
    /// that wrote it.
    public func storedSources(ledger: [SyncLedger.Entry]) throws -> [StoredSources.Entry] {
        try StoredSources.all(db, ledger: ledger)
    }

    /// The HealthSave sync run of the most recently received batch that named one.
    public func latestHealthSaveRunID() throws -> String? {
        try BatchLedger.latestRunID(db)
    }

    /// A HealthSave run's batches per metric; empty for a run the ledger does not hold.
    public func healthSaveRun(id: String) throws -> [BatchLedger.MetricTally] {
        try BatchLedger.run(db, id: id)
    }

    /// Every retained HealthSave batch per metric.
    public func healthSaveCoverage() throws -> [BatchLedger.MetricTally] {
        try BatchLedger.coverage(db)
    }
}
