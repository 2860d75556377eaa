import HealthDomain
import JSON
import SQLiteStore

/// Stored day aggregates of a span of days, by metric and day: the only input of
/// summaries, so they cost a primary-key range read of `day_aggregates` and never touch
/// raw samples. Aggregates are decoded into typed values only where a summary needs
/// their detail; one that does not decode stops the answer with ``UnreadableAggregate``
/// (logged with its day and metric), never read as "no data".
public struct DayTable: Sendable {
    /// One stored aggregate of one metric and day.
    public struct Entry: Sendable {
        /// The headline number stored with the aggregate (total, average or asleep minutes).
        public var value: Double?
        /// The full aggregate, when it was asked for.
        public var aggregate: DayAggregate?
        /// The day's latest reading for metrics whose headline is the latest reading,
        /// read by SQLite from the stored JSON so a range needs no decoding in Swift.
        public var latest: Double?
    }

    /// The first and last day read.
    public let from: DayKey
    public let to: DayKey
    /// The entries by metric, then by day ordinal.
    public private(set) var entries: [Metric: [Int: Entry]] = [:]

    static func selectSQL(latestMetrics: [Metric], only metrics: [Metric]?) -> String {
        """
        SELECT day, metric, value, data,
               CASE WHEN metric IN (\(SQLList.quoted(latestMetrics))) THEN json_extract(data, '$.latest') END
          FROM day_aggregates WHERE day BETWEEN ? AND ?\(metrics.map { " AND metric IN (\(SQLList.quoted($0)))" } ?? "")
        """
    }

    /// Reads `from…to` (of `metrics` only, when given); `detail(metric, day)` says which
    /// aggregates to decode.
    static func load(_ db: Database, catalog: MetricCatalog, from: DayKey, to: DayKey, metrics: [Metric]? = nil,
                     detail: (Metric, Int) -> Bool) throws -> DayTable {
        var table = DayTable(from: from, to: to)
        let statement = try db.statement(selectSQL(latestMetrics: catalog.metrics(withHeadline: .latest), only: metrics))
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        while try statement.step() {
            let day = Int(statement.int64(0))
            let metric = Metric(rawValue: statement.text(1))
            guard let kind = catalog.kind(of: metric) else { continue }
            var entry = Entry(value: statement.optionalDouble(2), aggregate: nil, latest: statement.optionalDouble(4))
            if detail(metric, day) {
                do {
                    entry.aggregate = try DayAggregate(json: JSONParser.parse(statement.blob(3)), kind: kind)
                } catch {
                    throw UnreadableAggregate(day: DayKey(ordinal: day), metric: metric, reason: String(describing: error))
                }
            }
            table.entries[metric, default: [:]][day] = entry
        }
        return table
    }

    /// The entry of `metric` on `day`, when one is stored.
    public func entry(_ metric: Metric, _ day: DayKey) -> Entry? { entries[metric]?[day.ordinal] }

    /// Metrics with a stored value in the table, whatever the day.
    public var metricsWithData: Set<Metric> { Set(entries.keys) }

    /// The sources that contributed to the stored aggregates of `from…to`: for summed
    /// metrics only sources that counted after de-duplication (their `sources` entries are
    /// objects with `counted`), for sleep the chosen source of each night, for every other
    /// kind each listed source; each name as stored (spelled as sent) with the last day it
    /// appears on. SQLite's JSON functions read them in place, so a year of days needs no
    /// decoding in Swift; the statement names only the sleep metrics, so it stays short
    /// however large the metric table is.
    static func sourcesSQL(_ catalog: MetricCatalog) -> String {
        let sleep = SQLList.quoted(catalog.metrics(ofKind: [.sleep]))
        return """
        SELECT name, max(day) FROM (
            SELECT a.day AS day,
                   CASE WHEN j.type = 'object' THEN
                        CASE WHEN json_extract(j.value, '$.counted') > 0 THEN json_extract(j.value, '$.name') END
                   ELSE j.value END AS name
              FROM day_aggregates a, json_each(a.data, '$.sources') j
             WHERE a.day BETWEEN ?1 AND ?2 AND a.metric NOT IN (\(sleep))
            UNION ALL
            SELECT a.day, json_extract(a.data, '$.source') FROM day_aggregates a
             WHERE a.day BETWEEN ?1 AND ?2 AND a.metric IN (\(sleep))
        ) WHERE name IS NOT NULL GROUP BY name
        """
    }

    /// Average minutes per stage over the nights of `from…to`, or nil without nights.
    static func sleepStageAverages(_ db: Database, catalog: MetricCatalog, from: DayKey, to: DayKey) throws -> [String: Double]? {
        let keys = ["deepMinutes", "remMinutes", "coreMinutes", "unspecifiedMinutes", "awakeMinutes"]
        let columns = keys.map { "avg(json_extract(data, '$.\($0)'))" }.joined(separator: ", ")
        let sleep = SQLList.quoted(catalog.metrics(ofKind: [.sleep]))
        let statement = try db.statement("SELECT count(*), \(columns) FROM day_aggregates WHERE day BETWEEN ? AND ? AND metric IN (\(sleep))")
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        guard try statement.step(), statement.int64(0) > 0 else { return nil }
        var out: [String: Double] = [:]
        for (i, key) in keys.enumerated() { out[key] = statement.optionalDouble(Int32(i + 1)) ?? 0 }
        return out
    }

    /// See ``sourcesSQL(_:)``: each name with its last day's ordinal as its recency.
    static func sources(_ db: Database, catalog: MetricCatalog, from: DayKey, to: DayKey) throws -> [(name: String, recency: Int64)] {
        let statement = try db.statement(sourcesSQL(catalog))
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        var names: [(name: String, recency: Int64)] = []
        while try statement.step() { if let name = statement.optionalText(0) { names.append((name, statement.int64(1))) } }
        return names
    }
}

/// A list of metric names as an SQL `IN (…)` body. Names are catalog names (checked
/// `^[a-z][a-z0-9_]*$` or literals in code), quoted with doubled quotes all the same;
/// an empty list is `NULL`, which matches nothing.
enum SQLList {
    static func quoted(_ metrics: [Metric]) -> String {
        guard !metrics.isEmpty else { return "NULL" }
        return metrics.map { "'" + $0.rawValue.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'" }.joined(separator: ", ")
    }
}
