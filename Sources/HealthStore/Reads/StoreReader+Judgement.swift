import HealthDomain

extension StoreReader {
    /// The stored days of `metrics` (every metric the catalog derives, when nil) in
    /// `from…to`, by metric then day, with their arrival and revision: one range read of
    /// day aggregates (``JudgementReads``).
    public func judgementDays(catalog: MetricCatalog, metrics: [Metric]?, from: DayKey, to: DayKey) throws -> [JudgementReads.StoredDay] {
        try JudgementReads.days(db, catalog: catalog, metrics: metrics, from: from, to: to)
    }

    /// The first day with data of `metric`.
    public func firstDay(of metric: Metric) throws -> DayKey? {
        try JudgementReads.firstDay(db, metric: metric)
    }

    /// The first day with activity rings.
    public func firstRingDay() throws -> DayKey? {
        try JudgementReads.firstRingDay(db)
    }

    /// The activity rings of `from…to`, ascending, each with when it was last stored.
    public func ringsWithArrival(from: DayKey, to: DayKey) throws -> [(summary: ActivitySummary, updatedMs: Int64)] {
        try JudgementReads.rings(db, from: from, to: to)
    }

    /// The stored aggregates of `from…to` (of `metric` only, when given) with their
    /// arrival columns, by day then metric: the rows of `GET /health/daily`.
    public func dailyRows(from: DayKey, to: DayKey, metric: Metric?) throws -> [JudgementReads.DailyRow] {
        try JudgementReads.dailyRows(db, from: from, to: to, metric: metric)
    }
}
