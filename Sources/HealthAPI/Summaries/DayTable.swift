import HealthDomain
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
    }

    let from: DayKey
    let to: DayKey
    private(set) var entries: [Metric: [Int: Entry]] = [:]

    static let selectSQL = "SELECT day, metric, value, data FROM day_aggregates WHERE day BETWEEN ? AND ?"

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
            var entry = Entry(value: statement.optionalDouble(2), data: nil)
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

    /// The sources that contributed to the parsed aggregates of `from…to`: for summed
    /// metrics only sources that counted after de-duplication, for sleep the chosen source.
    func sources(from: DayKey, to: DayKey) -> [String] {
        var names = Set<String>()
        for (metric, days) in entries {
            for (ordinal, entry) in days where ordinal >= from.ordinal && ordinal <= to.ordinal {
                guard let data = entry.data else { continue }
                switch metric.summaryKind {
                case .total:
                    for source in data["sources"]?.arrayValue ?? [] where (source["counted"]?.doubleValue ?? 0) > 0 {
                        if let name = source["name"]?.stringValue { names.insert(name) }
                    }
                case .average, .latest:
                    for source in data["sources"]?.arrayValue ?? [] { if let name = source.stringValue { names.insert(name) } }
                case .sleep:
                    if let name = data["source"]?.stringValue { names.insert(name) }
                }
            }
        }
        return Array(names)
    }
}
