import HealthDomain

extension StoreReader {
    /// The stored day aggregates of `from…to` (of `metrics` only, when given);
    /// `detail(metric, day)` says which aggregates to decode (``DayTable``); `anyDetail: false`
    /// says none is, so the JSON column is not even read out; `storedDays: true` keeps the rows
    /// as the judgements read them too (``DayTable/storedDays``).
    public func dayTable(catalog: MetricCatalog, from: DayKey, to: DayKey, metrics: [Metric]? = nil, anyDetail: Bool = true,
                         storedDays: Bool = false, detail: (Metric, Int) -> Bool) throws -> DayTable {
        try DayTable.load(db, catalog: catalog, from: from, to: to, metrics: metrics, anyDetail: anyDetail, storedDays: storedDays, detail: detail)
    }

    /// The sources that contributed to the stored aggregates of `from…to`, each spelling as
    /// stored with the last day it appears on (so the latest spelling can be shown).
    public func sources(catalog: MetricCatalog, from: DayKey, to: DayKey) throws -> [(name: String, recency: Int64)] {
        try DayTable.sources(db, catalog: catalog, from: from, to: to)
    }

    /// Average minutes per sleep stage over the nights of `from…to`, or nil without nights.
    public func sleepStageAverages(catalog: MetricCatalog, from: DayKey, to: DayKey) throws -> [String: Double]? {
        try DayTable.sleepStageAverages(db, catalog: catalog, from: from, to: to)
    }

    /// The latest sample end, capped at `beforeMs`, among canonical samples that start
    /// before `beforeMs`: the moment an answer is current as of.
    public func asOf(catalog: MetricCatalog, beforeMs: Int64) throws -> Int64? {
        try LatestSample.asOf(db, catalog: catalog, beforeMs: beforeMs)
    }

    /// The canonical sample with the latest start before `beforeMs`.
    public func latestSample(beforeMs: Int64, metrics: [Metric] = MetricCatalog.standard.metrics) throws -> LatestSample? {
        try LatestSample.find(db, beforeMs: beforeMs, metrics: metrics)
    }

    /// Whether the night `day` of `metric` may still change (``SleepSettling``).
    public func isProvisional(night day: DayKey, metric: Metric, zone: String, nowMs: Int64) throws -> Bool {
        try SleepSettling.isProvisional(day: day, metric: metric, zone: zone, nowMs: nowMs, db: db)
    }

    /// Queued write-intent amounts of `metric` per local day of `days`, in `unit`.
    public func queuedTotals(metric: Metric, unit: String, days: ClosedRange<DayKey>) throws -> [DayKey: QueuedAmount] {
        try WriteIntentStore.queuedTotals(metric: metric, unit: unit, days: days, db: db)
    }
}
