import HealthDomain
import SQLiteStore

extension SampleStore {
    /// Upserts reported day totals inside a write transaction and returns the
    /// (metric, day) pairs whose aggregates must be recomputed; an identical re-send
    /// rewrites nothing.
    static func upsert(dayTotals: [DayTotal], nowMs: Int64, db: Database, into outcome: inout RecordOutcome) throws -> [Metric: Set<DayKey>] {
        guard !dayTotals.isEmpty else { return [:] }
        let select = try db.statement("SELECT value, source FROM day_totals WHERE metric = ? AND day = ?")
        let upsert = try db.statement("""
            INSERT INTO day_totals (metric, day, value, source, sample_key, updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (metric, day) DO UPDATE SET value = ?3, source = ?4, sample_key = ?5, updated_ms = ?6
            """)
        var touched: [Metric: Set<DayKey>] = [:]
        for total in dayTotals {
            try select.bind(1, total.metric.rawValue)
            try select.bind(2, Int64(total.day.ordinal))
            let stored: (Double, String)? = try select.step() ? (select.double(0), select.text(1)) : nil
            select.reset()
            if let stored, stored.0 == total.value, stored.1 == total.source {
                outcome.dayTotalsUnchanged += 1
                continue
            }
            try upsert.bind(1, total.metric.rawValue)
            try upsert.bind(2, Int64(total.day.ordinal))
            try upsert.bind(3, total.value)
            try upsert.bind(4, total.source)
            try upsert.bind(5, total.key)
            try upsert.bind(6, nowMs)
            try upsert.run()
            outcome.dayTotalsUpserted += 1
            touched[total.metric, default: []].insert(total.day)
        }
        return touched
    }

    /// The reported totals of `metric` on `first…last`, by day.
    static func reportedTotals(_ metric: Metric, from first: DayKey, to last: DayKey, db: Database) throws -> [DayKey: DayTotal] {
        var out: [DayKey: DayTotal] = [:]
        for total in try db.query("SELECT day, value, source, sample_key FROM day_totals WHERE metric = ? AND day BETWEEN ? AND ?",
                                  [.text(metric.rawValue), .integer(Int64(first.ordinal)), .integer(Int64(last.ordinal))], {
            DayTotal(metric: metric, day: DayKey(ordinal: Int($0.int64(0))), value: $0.double(1), source: $0.text(2), key: $0.text(3))
        }) {
            out[total.day] = total
        }
        return out
    }

    /// Every (metric, day) with a reported total, for a rebuild to recompute.
    static func reportedDays(db: Database) throws -> [Metric: Set<DayKey>] {
        var out: [Metric: Set<DayKey>] = [:]
        for (metric, day) in try db.query("SELECT metric, day FROM day_totals", [], { (Metric(rawValue: $0.text(0)), DayKey(ordinal: Int($0.int64(1)))) }) {
            out[metric, default: []].insert(day)
        }
        return out
    }
}

extension DayAggregate {
    /// The aggregate with a reported day total standing for the day, when there is one:
    /// a summed day keeps its per-source split and notes the samples' own total; a day
    /// with only the reported total has no sources.
    func reporting(_ reported: DayTotal?) -> DayAggregate? {
        guard let reported else { return self }
        if case .cumulative(let day) = self { return .cumulative(day.reporting(reported)) }
        return self
    }

    /// An aggregate made of a reported total alone.
    static func reported(_ total: DayTotal) -> DayAggregate {
        .cumulative(CumulativeDay(total: 0, sampleCount: 0, sources: []).reporting(total))
    }
}
