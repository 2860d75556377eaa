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

    /// One metric's stored days, indexed by `ordinal - from.ordinal`: a year or two of
    /// thirty metrics is tens of thousands of entries, and an array index is far cheaper
    /// than a dictionary of dictionaries of entries that carry a whole aggregate each.
    struct Column: Sendable {
        var stored: [Bool]
        var value: [Double?]
        var latest: [Double?]
        /// Decoded aggregates by index where detail was asked for; empty until the first
        /// one, so a table without detail pays nothing for them.
        var aggregates: [DayAggregate?] = []

        init(days: Int) {
            stored = Array(repeating: false, count: days)
            value = Array(repeating: nil, count: days)
            latest = Array(repeating: nil, count: days)
        }

        /// The columns as buffers, so a loop over days does no bounds or uniqueness checks.
        func withValues<T>(_ body: (UnsafeBufferPointer<Bool>, UnsafeBufferPointer<Double?>, UnsafeBufferPointer<Double?>,
                                    UnsafeBufferPointer<DayAggregate?>) -> T) -> T {
            stored.withUnsafeBufferPointer { stored in
                value.withUnsafeBufferPointer { value in
                    latest.withUnsafeBufferPointer { latest in
                        aggregates.withUnsafeBufferPointer { aggregates in body(stored, value, latest, aggregates) }
                    }
                }
            }
        }
    }

    /// The rows as the judgements read them (``JudgementReads/StoredDay``), by day then
    /// metric; only filled when asked for, so a daily summary and its judgements share
    /// one read of the same days.
    public private(set) var storedDays: [JudgementReads.StoredDay]?

    private var columns: [Column] = []
    private var slots: [Metric: Int] = [:]

    init(from: DayKey, to: DayKey) {
        self.from = from
        self.to = to
    }

    private var dayCount: Int { max(0, to.ordinal - from.ordinal + 1) }

    /// The rows of a span, without evaluating anything per row: an `IN (…)` list tested on
    /// every row of a two-year read cost SQLite more than the read itself.
    static func selectSQL(only metrics: [Metric]?) -> String {
        """
        SELECT day, metric, value, CASE WHEN ?3 THEN data END, source, arrived_ms, revised_ms
          FROM day_aggregates WHERE day BETWEEN ?1 AND ?2\(metrics.map { " AND metric IN (\(SQLList.quoted($0)))" } ?? "")
        """
    }

    /// One member of the stored JSON of `metrics`' days in a span, found through the
    /// (metric, day) index, so only those few rows are parsed.
    static func memberSQL(_ member: String, of metrics: [Metric]) -> String {
        """
        SELECT day, metric, json_extract(data, '$.\(member)') FROM day_aggregates
         WHERE metric IN (\(SQLList.quoted(metrics))) AND day BETWEEN ?1 AND ?2
        """
    }

    /// Reads `from…to` (of `metrics` only, when given); `detail(metric, day)` says which
    /// aggregates to decode. `anyDetail: false` promises `detail` is always false, so the
    /// JSON column is not even handed over. `storedDays: true` also keeps the rows as the
    /// judgements read them (``storedDays``).
    static func load(_ db: Database, catalog: MetricCatalog, from: DayKey, to: DayKey, metrics: [Metric]? = nil,
                     anyDetail: Bool = true, storedDays keepStored: Bool = false, detail: (Metric, Int) -> Bool) throws -> DayTable {
        var table = DayTable(from: from, to: to)
        var stored: [JudgementReads.StoredDay] = []
        let statement = try db.statement(selectSQL(only: metrics))
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        try statement.bind(3, Int64(anyDetail ? 1 : 0))
        // Rows come by day, then metric, and most days store the same metrics: the metric
        // of a row is nearly always the one after the previous row's in first-seen order,
        // so one byte comparison replaces a string, a catalog lookup and a hash per row.
        var seen: [(metric: Metric, kind: MetricKind?, slot: Int)] = []
        var seenIndex: [Metric: Int] = [:]
        var previous = -1
        let days = table.dayCount
        while try statement.step() {
            let day = Int(statement.int64(0))
            var index = previous + 1 < seen.count ? previous + 1 : 0
            if index >= seen.count || !statement.textEquals(1, seen[index].metric.rawValue) {
                let metric = Metric(rawValue: statement.text(1))
                if let known = seenIndex[metric] {
                    index = known
                } else {
                    let kind = catalog.kind(of: metric)
                    var slot = -1
                    if kind != nil {
                        slot = table.columns.count
                        table.columns.append(Column(days: days))
                        table.slots[metric] = slot
                    }
                    index = seen.count
                    seen.append((metric, kind, slot))
                    seenIndex[metric] = index
                }
            }
            previous = index
            let (metric, kind, slot) = seen[index]
            guard let kind else { continue }
            let offset = day - from.ordinal
            guard offset >= 0, offset < days else { continue }
            let value = statement.optionalDouble(2)
            table.columns[slot].stored[offset] = true
            table.columns[slot].value[offset] = value
            if keepStored {
                stored.append(JudgementReads.StoredDay(day: DayKey(ordinal: day), metric: metric, value: value,
                                                       source: statement.optionalText(4) ?? "unknown", arrivedMs: statement.optionalInt64(5),
                                                       revisedMs: statement.optionalInt64(6), sleepEndMs: nil))
            }
            if anyDetail, detail(metric, day) {
                do {
                    let aggregate = try DayAggregate(json: JSONParser.parse(statement.blob(3)), kind: kind)
                    if table.columns[slot].aggregates.isEmpty { table.columns[slot].aggregates = Array(repeating: nil, count: days) }
                    table.columns[slot].aggregates[offset] = aggregate
                } catch {
                    throw UnreadableAggregate(day: DayKey(ordinal: day), metric: metric, reason: String(describing: error))
                }
            }
        }
        // The latest reading of metrics whose headline it is, and for the judgements each
        // night's end, read from the JSON of just those rows.
        let wanted = { (list: [Metric]) in metrics.map { only in list.filter(only.contains) } ?? list }
        let latestMetrics = wanted(catalog.metrics(withHeadline: .latest))
        if !latestMetrics.isEmpty {
            try member("latest", of: latestMetrics, db, from: from, to: to) { metric, day, value in
                guard let slot = table.slots[metric] else { return }
                table.columns[slot].latest[day - from.ordinal] = value.double
            }
        }
        let sleepMetrics = wanted(catalog.metrics(ofKind: [.sleep]))
        if keepStored, !sleepMetrics.isEmpty, !stored.isEmpty {
            var rows: [Int: [Metric: Int]] = [:]
            for (index, row) in stored.enumerated() where sleepMetrics.contains(row.metric) { rows[row.day.ordinal, default: [:]][row.metric] = index }
            try member("sleepEnd", of: sleepMetrics, db, from: from, to: to) { metric, day, value in
                if let index = rows[day]?[metric] { stored[index].sleepEndMs = value.int64 }
            }
        }
        if keepStored { table.storedDays = stored }
        return table
    }

    /// Calls `body` with each (metric, day, value) of `member` stored for `metrics` in the span.
    private static func member(_ member: String, of metrics: [Metric], _ db: Database, from: DayKey, to: DayKey,
                               _ body: (Metric, Int, (double: Double?, int64: Int64?)) -> Void) throws {
        let statement = try db.statement(memberSQL(member, of: metrics))
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        while try statement.step() {
            let day = Int(statement.int64(0))
            guard day >= from.ordinal, day <= to.ordinal else { continue }
            body(Metric(rawValue: statement.text(1)), day, (statement.optionalDouble(2), statement.optionalInt64(2)))
        }
    }

    /// The entry of `metric` on `day`, when one is stored.
    public func entry(_ metric: Metric, _ day: DayKey) -> Entry? {
        guard let slot = slots[metric] else { return nil }
        return entry(columns[slot], offset: day.ordinal - from.ordinal)
    }

    /// Whether `metric` has a stored entry on `day`, without building it.
    public func hasEntry(_ metric: Metric, _ day: DayKey) -> Bool {
        guard let slot = slots[metric] else { return false }
        let offset = day.ordinal - from.ordinal
        return offset >= 0 && offset < columns[slot].stored.count && columns[slot].stored[offset]
    }

    private func entry(_ column: Column, offset: Int) -> Entry? {
        guard offset >= 0, offset < column.stored.count, column.stored[offset] else { return nil }
        return Entry(value: column.value[offset], aggregate: offset < column.aggregates.count ? column.aggregates[offset] : nil,
                     latest: column.latest[offset])
    }

    /// The stored entries of `metric` in `from…to`, ascending by day.
    public func entries(_ metric: Metric, from: DayKey, to: DayKey) -> [(day: DayKey, entry: Entry)] {
        guard let slot = slots[metric] else { return [] }
        let column = columns[slot]
        let first = max(from.ordinal, self.from.ordinal), last = min(to.ordinal, self.to.ordinal)
        guard first <= last else { return [] }
        var out: [(day: DayKey, entry: Entry)] = []
        for ordinal in first...last {
            if let entry = entry(column, offset: ordinal - self.from.ordinal) { out.append((DayKey(ordinal: ordinal), entry)) }
        }
        return out
    }

    /// The headline number of each stored day of `metric` in `from…to` with one, ascending:
    /// the stored value, or with `latestFirst` the day's latest reading where there is one.
    /// It reads the columns in place, so a year of days builds no ``Entry``.
    public func values(_ metric: Metric, from: DayKey, to: DayKey, latestFirst: Bool) -> [(day: DayKey, value: Double)] {
        guard let slot = slots[metric] else { return [] }
        let first = max(from.ordinal, self.from.ordinal), last = min(to.ordinal, self.to.ordinal)
        guard first <= last else { return [] }
        var out: [(day: DayKey, value: Double)] = []
        out.reserveCapacity(last - first + 1)
        columns[slot].withValues { stored, value, latest, aggregates in
            for ordinal in first...last {
                let offset = ordinal - self.from.ordinal
                guard stored[offset] else { continue }
                var number = value[offset]
                if latestFirst {
                    if let reading = latest[offset] {
                        number = reading
                    } else if offset < aggregates.count, case .discrete(let day)? = aggregates[offset] {
                        number = day.latest
                    }
                }
                if let number { out.append((DayKey(ordinal: ordinal), number)) }
            }
        }
        return out
    }

    /// Metrics with a stored value in the table, whatever the day.
    public var metricsWithData: Set<Metric> { Set(slots.keys) }

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
    /// Each aggregate's JSON is read in place in Swift (``AggregateSourceScan``); SQLite's
    /// JSON functions answer instead when any aggregate is not plain enough for that.
    static func sources(_ db: Database, catalog: MetricCatalog, from: DayKey, to: DayKey) throws -> [(name: String, recency: Int64)] {
        if let names = try scannedSources(db, catalog: catalog, from: from, to: to) { return names }
        let statement = try db.statement(sourcesSQL(catalog))
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        var names: [(name: String, recency: Int64)] = []
        while try statement.step() { if let name = statement.optionalText(0) { names.append((name, statement.int64(1))) } }
        return names
    }

    /// ``sources(_:catalog:from:to:)`` read in Swift, or nil when SQLite must read them.
    /// Names are compared by their bytes, as SQLite's `GROUP BY` compares them (a Swift
    /// string compares by canonical equivalence). Consecutive aggregates mostly name the
    /// same few sources, so they are compared in order from the one after the last match,
    /// and only beyond a handful of names are the bytes hashed; a `String` is built once per
    /// distinct name.
    private static func scannedSources(_ db: Database, catalog: MetricCatalog, from: DayKey, to: DayKey) throws -> [(name: String, recency: Int64)]? {
        let sleep = catalog.metrics(ofKind: [.sleep])
        // `NOT IN (NULL)` matches nothing in SQL; leave that case to the SQL itself.
        guard !sleep.isEmpty else { return nil }
        let statement = try db.statement("SELECT day, metric IN (\(SQLList.quoted(sleep))), data FROM day_aggregates WHERE day BETWEEN ?1 AND ?2")
        defer { statement.reset() }
        try statement.bind(1, Int64(from.ordinal))
        try statement.bind(2, Int64(to.ordinal))
        var names = SeenNames()
        var ranges: [Range<Int>] = []
        while try statement.step() {
            let day = statement.int64(0)
            let night = statement.int64(1) != 0
            let readable = statement.withBytes(2) { json -> Bool in
                guard AggregateSourceScan.nameRanges(json, night: night, into: &ranges) else { return false }
                for range in ranges { names.saw(UnsafeRawBufferPointer(rebasing: json[range]), on: day) }
                return true
            }
            guard readable else { return nil }
        }
        return names.seen.map { (String(decoding: $0.bytes, as: UTF8.self), $0.recency) }
    }

    /// Distinct names by their bytes, each with the last day it was seen on.
    private struct SeenNames {
        /// Up to this many names are searched in order rather than by hash.
        static let listed = 16
        private(set) var seen: [(bytes: [UInt8], recency: Int64)] = []
        private var byHash: [Int: [Int]] = [:]
        private var next = 0

        mutating func saw(_ name: UnsafeRawBufferPointer, on day: Int64) {
            var index = -1
            if seen.count <= Self.listed {
                // A few names: comparing bytes is cheaper than hashing them.
                for step in 0..<seen.count {
                    let candidate = (next + step) % seen.count
                    if Self.equal(seen[candidate].bytes, name) { index = candidate; break }
                }
                if index < 0 {
                    index = seen.count
                    seen.append((Array(name), day))
                    byHash[Self.hash(name), default: []].append(index)
                }
            } else if next < seen.count, Self.equal(seen[next].bytes, name) {
                index = next
            } else {
                let hash = Self.hash(name)
                if let match = byHash[hash]?.first(where: { Self.equal(seen[$0].bytes, name) }) {
                    index = match
                } else {
                    index = seen.count
                    seen.append((Array(name), day))
                    byHash[hash, default: []].append(index)
                }
            }
            if seen[index].recency < day { seen[index].recency = day }
            next = index + 1
        }

        private static func equal(_ a: [UInt8], _ b: UnsafeRawBufferPointer) -> Bool {
            a.count == b.count && a.withUnsafeBytes { $0.elementsEqual(b) }
        }

        private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
            var hasher = Hasher()
            hasher.combine(bytes: bytes)
            return hasher.finalize()
        }
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
