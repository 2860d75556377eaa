import HealthDomain
import SQLiteStore

/// Every read the judgements (baselines, readiness, anomalies, records, correlation) and
/// the day status make, in one place: stored day aggregates with the columns that say
/// when a day's samples last arrived and whether a settled day was revised, and the
/// activity rings with their arrival. Only day aggregates are read, never raw samples.
public enum JudgementReads {
    /// One stored (day, metric) aggregate, as the judgements read it.
    public struct StoredDay: Sendable, Equatable {
        public var day: DayKey
        public var metric: Metric
        /// The headline number (total, average, asleep minutes); nil when the aggregate has none.
        public var value: Double?
        /// The source the number is mainly owed to (``DayAggregate/primarySource``), "unknown" when none is named.
        public var source: String
        /// When a sample for the day was last stored; nil for rows that never recorded it.
        public var arrivedMs: Int64?
        /// When a change arrived for the day after it had settled; nil when it never did.
        public var revisedMs: Int64?
        /// The end of the night's last segment, for sleep metrics.
        public var sleepEndMs: Int64?

        /// A stored day as read (or as a test builds it).
        public init(day: DayKey, metric: Metric, value: Double?, source: String, arrivedMs: Int64?, revisedMs: Int64?, sleepEndMs: Int64?) {
            self.day = day
            self.metric = metric
            self.value = value
            self.source = source
            self.arrivedMs = arrivedMs
            self.revisedMs = revisedMs
            self.sleepEndMs = sleepEndMs
        }
    }

    /// ``DayAggregate/primarySource`` read by SQLite from the stored JSON: a night's chosen
    /// source, the first summed source that counted after de-duplication (else the first
    /// listed), the first listed source of other kinds, else a reading's latest source.
    /// Migration 10 fills the `source` column with it; recomputation writes it since.
    static let primarySourceSQL = """
        coalesce(json_extract(data, '$.source'),
                 CASE json_type(data, '$.sources[0]')
                     WHEN 'object' THEN coalesce(
                         (SELECT json_extract(j.value, '$.name') FROM json_each(data, '$.sources') j
                           WHERE json_extract(j.value, '$.counted') > 0 ORDER BY j.key LIMIT 1),
                         json_extract(data, '$.sources[0].name'))
                     WHEN 'text' THEN json_extract(data, '$.sources[0]')
                 END,
                 json_extract(data, '$.latestSource'))
        """

    /// Only a night's JSON is read (for its end); every other number is a column.
    static func daysSQL(metrics: [Metric]?, sleepMetrics: [Metric]) -> String {
        """
        SELECT day, metric, value, source, arrived_ms, revised_ms,
               CASE WHEN metric IN (\(SQLList.quoted(sleepMetrics))) THEN json_extract(data, '$.sleepEnd') END
          FROM day_aggregates WHERE day BETWEEN ?1 AND ?2\(metrics.map { " AND metric IN (\(SQLList.quoted($0)))" } ?? "")
         ORDER BY metric, day
        """
    }

    /// The stored days of `metrics` (every metric the catalog derives, when nil) in
    /// `from…to`, by metric then day: one range read.
    static func days(_ db: Database, catalog: MetricCatalog, metrics: [Metric]?, from: DayKey, to: DayKey) throws -> [StoredDay] {
        let statement = try db.statement(daysSQL(metrics: metrics, sleepMetrics: catalog.metrics(ofKind: [.sleep])))
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        var out: [StoredDay] = []
        while try statement.step() {
            let metric = Metric(rawValue: statement.text(1))
            guard catalog.kind(of: metric) != nil else { continue }
            out.append(StoredDay(day: DayKey(ordinal: Int(statement.int64(0))), metric: metric, value: statement.optionalDouble(2),
                                 source: statement.optionalText(3) ?? "unknown", arrivedMs: statement.optionalInt64(4),
                                 revisedMs: statement.optionalInt64(5), sleepEndMs: statement.optionalInt64(6)))
        }
        return out
    }

    /// The first day with data of `metric` (an index seek).
    static func firstDay(_ db: Database, metric: Metric) throws -> DayKey? {
        try db.queryFirst("SELECT min(day) FROM day_aggregates WHERE metric = ?1", [.text(metric.rawValue)]) {
            $0.optionalInt64(0).map { DayKey(ordinal: Int($0)) }
        } ?? nil
    }

    /// The first day with activity rings.
    static func firstRingDay(_ db: Database) throws -> DayKey? {
        try db.queryFirst("SELECT min(day) FROM activity_summaries", []) { $0.optionalInt64(0).map { DayKey(ordinal: Int($0)) } } ?? nil
    }

    /// One row of `GET /health/daily`: the stored aggregate and its arrival columns.
    public struct DailyRow: Sendable {
        public var day: Int
        public var metric: String
        public var data: String
        public var arrivedMs: Int64?
        public var revisedMs: Int64?
    }

    /// Stored aggregates for `from…to` (of `metric` only, when given), by day then metric.
    static func dailyRows(_ db: Database, from: DayKey, to: DayKey, metric: Metric?) throws -> [DailyRow] {
        var sql = "SELECT day, metric, data, arrived_ms, revised_ms FROM day_aggregates WHERE day BETWEEN ?1 AND ?2"
        var bindings: [SQLiteValue] = [.integer(Int64(from.ordinal)), .integer(Int64(to.ordinal))]
        if let metric {
            sql += " AND metric = ?3"
            bindings.append(.text(metric.rawValue))
        }
        return try db.query(sql + " ORDER BY day, metric", bindings) {
            DailyRow(day: Int($0.int64(0)), metric: $0.text(1), data: $0.text(2), arrivedMs: $0.optionalInt64(3), revisedMs: $0.optionalInt64(4))
        }
    }

    /// The activity rings of `from…to`, ascending, each with when it was last stored.
    static func rings(_ db: Database, from: DayKey, to: DayKey) throws -> [(summary: ActivitySummary, updatedMs: Int64)] {
        try db.query("SELECT day, \(SampleStore.ringColumns), updated_ms FROM activity_summaries WHERE day BETWEEN ?1 AND ?2 ORDER BY day",
                     [.integer(Int64(from.ordinal)), .integer(Int64(to.ordinal))]) {
            (ActivitySummaryRow.decode($0), $0.int64(8))
        }
    }
}
