import HealthDomain
import JSON
import SQLiteStore

/// Stored day aggregates of a span of days, by metric and day: the only input of
/// summaries, so they cost a primary-key range read of `day_aggregates` and never touch
/// raw samples. The aggregate JSON is parsed only where a summary needs its detail.
struct DayTable: Sendable {
    struct Entry: Sendable {
        /// The headline number stored with the aggregate (total, average or asleep minutes).
        var value: Double?
        /// The full aggregate, when it was asked for.
        var data: JSONValue?
        /// The day's latest reading for weight and body fat, read by SQLite from the
        /// stored JSON so a range needs no parsing in Swift.
        var latest: Double?
    }

    let from: DayKey
    let to: DayKey
    private(set) var entries: [Metric: [Int: Entry]] = [:]

    static let selectSQL = """
        SELECT day, metric, value, data,
               CASE WHEN metric IN ('body_mass_kg', 'body_fat_percent') THEN json_extract(data, '$.latest') END
          FROM day_aggregates WHERE day BETWEEN ? AND ?
        """

    /// Reads `from…to`; `detail(metric, day)` says which aggregates to parse.
    static func load(_ db: Database, from: DayKey, to: DayKey, detail: (Metric, Int) -> Bool) throws -> DayTable {
        var table = DayTable(from: from, to: to)
        let statement = try db.statement(selectSQL)
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        while try statement.step() {
            let day = Int(statement.int64(0))
            let metric = Metric(rawValue: statement.text(1))
            guard metric.isCanonical else { continue }
            var entry = Entry(value: statement.optionalDouble(2), data: nil, latest: statement.optionalDouble(4))
            if detail(metric, day) {
                entry.data = try? JSONParser.parse(statement.blob(3))
            }
            table.entries[metric, default: [:]][day] = entry
        }
        return table
    }

    func entry(_ metric: Metric, _ day: DayKey) -> Entry? { entries[metric]?[day.ordinal] }

    /// The summary value of each day with data in `from…to`, ascending.
    func series(_ metric: Metric, from: DayKey, to: DayKey) -> [(day: DayKey, value: Double)] {
        guard let days = entries[metric] else { return [] }
        var out: [(day: DayKey, value: Double)] = []
        if days.count < to.ordinal - from.ordinal + 1 {
            for (ordinal, entry) in days where ordinal >= from.ordinal && ordinal <= to.ordinal {
                if let v = metric.summaryValue(entry) { out.append((DayKey(ordinal: ordinal), v)) }
            }
            out.sort { $0.day < $1.day }
        } else {
            for ordinal in from.ordinal...to.ordinal {
                if let entry = days[ordinal], let v = metric.summaryValue(entry) { out.append((DayKey(ordinal: ordinal), v)) }
            }
        }
        return out
    }

    /// The sources that contributed to the stored aggregates of `from…to`: for summed
    /// metrics only sources that counted after de-duplication, for sleep the chosen
    /// source of each night, for point readings every source. SQLite's JSON functions
    /// read them in place, so a year of days needs no parsing in Swift.
    static let sourcesSQL = """
        SELECT json_extract(j.value, '$.name') FROM day_aggregates a, json_each(a.data, '$.sources') j
         WHERE a.day BETWEEN ?1 AND ?2 AND a.metric IN ('step_count', 'active_energy_kcal', 'dietary_energy_kcal')
           AND json_extract(j.value, '$.counted') > 0
        UNION
        SELECT j.value FROM day_aggregates a, json_each(a.data, '$.sources') j
         WHERE a.day BETWEEN ?1 AND ?2 AND a.metric IN ('resting_heart_rate_bpm', 'hrv_sdnn_ms', 'body_mass_kg', 'body_fat_percent')
        UNION
        SELECT json_extract(a.data, '$.source') FROM day_aggregates a
         WHERE a.day BETWEEN ?1 AND ?2 AND a.metric = 'sleep_segment'
        """

    /// Average minutes per stage over the nights of `from…to`, or nil without nights.
    static func sleepStageAverages(_ db: Database, from: DayKey, to: DayKey) throws -> [String: Double]? {
        let keys = ["deepMinutes", "remMinutes", "coreMinutes", "unspecifiedMinutes", "awakeMinutes"]
        let columns = keys.map { "avg(json_extract(data, '$.\($0)'))" }.joined(separator: ", ")
        let statement = try db.statement("SELECT count(*), \(columns) FROM day_aggregates WHERE day BETWEEN ? AND ? AND metric = 'sleep_segment'")
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        guard try statement.step(), statement.int64(0) > 0 else { return nil }
        var out: [String: Double] = [:]
        for (i, key) in keys.enumerated() { out[key] = statement.optionalDouble(Int32(i + 1)) ?? 0 }
        return out
    }

    static func sources(_ db: Database, from: DayKey, to: DayKey) throws -> [String] {
        let statement = try db.statement(sourcesSQL)
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        var names: [String] = []
        while try statement.step() { if let name = statement.optionalText(0) { names.append(name) } }
        return names
    }
}
