import HealthDomain
import JSON
import SQLiteStore

extension SampleStore {
    /// How far after a UTC day a sample attributed to that local day can start, whatever
    /// its zone: local offsets reach UTC−12 (a night ends by 18:00 local, earlier still).
    /// One hour of slack on top. Rebuild uses it to know when a day can receive no more.
    static let windowAfterMs: Int64 = 13 * 3_600_000
    static let dayMs: Int64 = 86_400_000

    /// Recomputes the aggregates of the given days. Consecutive days of one metric are
    /// read with one range query, so a batch touching a week reads the week once; a longer
    /// run is read ``maxDaysPerRead`` days at a time, because every sample of the days read
    /// is held at once (a batch of an export spans months, and a heavy user's day holds
    /// tens of thousands of samples).
    ///
    /// `marksArrival`: the days were touched by samples stored at `nowMs` (ingest), so
    /// each day's `arrived_ms` becomes `nowMs`, and a day that had settled before (its
    /// local day over in its samples' zone and nothing arrived for two hours) and now
    /// changes gets `revised_ms = nowMs`. Off for recomputations that receive nothing.
    ///
    /// Returns each recomputed day's headline values (nil where the aggregate went away),
    /// which the changes feed carries for subscribers that ask for values.
    @discardableResult
    static func recompute(_ days: [Metric: Set<DayKey>], db: Database, rules: Derivation,
                          extents: [Metric: MetricExtent], nowMs: Int64, marksArrival: Bool = true) throws -> DayHeadlines {
        var headlines = DayHeadlines()
        let select = try db.statement("""
            SELECT \(SampleRow.aggregationColumns) FROM \(SampleRow.aggregationFrom)
             WHERE s.metric = \(SampleRow.metricId(parameter: 1)) AND s.start_ms >= ?2 AND s.start_ms < ?3
            """)
        // In DO UPDATE every expression reads the row as it was, so the revision test sees
        // the old data and the old arrival.
        let upsert = try db.statement("""
            INSERT INTO day_aggregates (day, metric, value, data, updated_ms, source, arrived_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (day, metric) DO UPDATE SET value = excluded.value, data = excluded.data, source = excluded.source,
                updated_ms = CASE WHEN data IS NOT excluded.data THEN excluded.updated_ms ELSE updated_ms END,
                arrived_ms = coalesce(excluded.arrived_ms, arrived_ms),
                revised_ms = CASE WHEN excluded.arrived_ms IS NOT NULL AND data IS NOT excluded.data AND ?5 >= ?8
                                   AND (arrived_ms IS NULL OR ?5 - arrived_ms >= ?9) THEN ?5 ELSE revised_ms END
            WHERE data IS NOT excluded.data OR excluded.arrived_ms IS NOT NULL
            """)
        let delete = try db.statement("DELETE FROM day_aggregates WHERE day = ? AND metric = ?")
        var origins = OriginNames()
        for (metric, metricDays) in days.sorted(by: { $0.key < $1.key }) {
            guard let kind = rules.catalog.kind(of: metric) else { continue }
            for run in consecutiveRuns(metricDays.sorted(), atMost: maxDaysPerRead) {
                guard let first = run.first, let last = run.last else { continue }
                // Without a recorded extent (no sample of the metric was ever stored) the
                // widest offsets and no duration are the safe assumption.
                let extent = extents[metric] ?? MetricExtent(maxDurationMs: 0, minOffsetSeconds: -12 * 3600, maxOffsetSeconds: 14 * 3600)
                let (low, high) = extent.startWindow(first: first, last: last, kind: kind)
                try select.bind(1, metric.rawValue)
                try select.bind(2, low)
                try select.bind(3, high)
                // Each sample read is attributed once; the aggregator trusts the buckets.
                var byDay: [DayKey: [Sample]] = [:]
                while try select.step() {
                    let sample = try SampleRow.decodeForAggregation(select.row, metric: metric, origins: &origins, db: db)
                    let attribution = DayAttribution.attribute(sample, kind: kind, clock: rules.clock)
                    let from = max(attribution.first.ordinal, first.ordinal), to = min(attribution.last.ordinal, last.ordinal)
                    guard from <= to else { continue }
                    for ordinal in from...to { byDay[DayKey(ordinal: ordinal), default: []].append(sample) }
                }
                select.reset()
                // A reported day total stands for the day of a summed metric (see DayTotal).
                let reported = kind.isSummed ? try reportedTotals(metric, from: first, to: last, db: db) : [:]
                for day in run {
                    var aggregate = byDay[day].flatMap {
                        DayAggregator.aggregate(kind: kind, day: day, attributed: $0, priority: rules.priority, clock: rules.clock)
                    }
                    if let total = reported[day] { aggregate = aggregate?.reporting(total) ?? .reported(total) }
                    // The day ends in its samples' zone (UTC for a day held by a reported total alone).
                    let dayEndMs = rules.clock.endOfDayMs(day, zone: byDay[day]?.first?.timezone ?? "UTC")
                    try store(aggregate, day: day, metric: metric, upsert: upsert, delete: delete, nowMs: nowMs,
                              stamps: [marksArrival ? .integer(nowMs) : .null, .integer(dayEndMs), .integer(DaySettling.recentArrivalMs)])
                    headlines[day, default: [:]][metric] = .some(aggregate?.headlineValue)
                }
            }
        }
        return headlines
    }

    /// Writes (or deletes) one aggregate: parameters 1–6 of `upsert` are the day, metric,
    /// headline value, JSON, time and primary source; `stamps` bind 7 and on (the arrival
    /// columns, as the caller's statement takes them).
    static func store(_ aggregate: DayAggregate?, day: DayKey, metric: Metric, upsert: Statement, delete: Statement, nowMs: Int64,
                      stamps: [SQLiteValue]) throws {
        guard let aggregate else {
            try delete.bind(1, Int64(day.ordinal))
            try delete.bind(2, metric.rawValue)
            try delete.run()
            return
        }
        try upsert.bind(1, Int64(day.ordinal))
        try upsert.bind(2, metric.rawValue)
        try upsert.bind(3, aggregate.headlineValue)
        try upsert.bind(4, JSONWriter.string(aggregate.json))
        try upsert.bind(5, nowMs)
        try upsert.bind(6, aggregate.primarySource)
        for (offset, stamp) in stamps.enumerated() { try upsert.bind(Int32(7 + offset), stamp) }
        try upsert.run()
    }

    /// Days of samples one recomputation read holds at most (``recompute(_:db:rules:extents:nowMs:marksArrival:)``).
    static let maxDaysPerRead = 31

    /// [1,2,3,7,8] → [[1,2,3],[7,8]]; with `atMost: 2`, [[1,2],[3],[7,8]].
    static func consecutiveRuns(_ days: [DayKey], atMost limit: Int = .max) -> [[DayKey]] {
        var runs: [[DayKey]] = []
        for day in days {
            if let run = runs.last, let last = run.last, last.ordinal + 1 == day.ordinal, run.count < limit { runs[runs.count - 1].append(day) }
            else { runs.append([day]) }
        }
        return runs
    }

    /// Recomputes every aggregate from raw samples, streaming through each metric in start
    /// order so memory holds only the days still open, not the whole history. The metric
    /// extents (longest duration, offset range) are recomputed exactly on the way.
    static func rebuild(db: Database, priority: SourcePriority, clock: ZoneClock, nowMs: Int64) throws -> Int {
        try rebuild(db: db, rules: Derivation(priority: priority, clock: clock, catalog: .standard), nowMs: nowMs)
    }

    /// Recomputes every aggregate from raw samples under `rules`, streaming through each
    /// metric in start order (see the overload above).
    static func rebuild(db: Database, rules: Derivation, nowMs: Int64) throws -> Int {
        let clock = rules.clock
        // Arrivals and revisions are history, not derived: they outlive the rebuild. A day
        // without a recorded arrival takes its latest sample's (or reported total's).
        var stamps: [String: (arrived: Int64?, revised: Int64?)] = [:]
        for (day, metric, arrived, revised) in try db.query(
            "SELECT day, metric, arrived_ms, revised_ms FROM day_aggregates WHERE arrived_ms IS NOT NULL OR revised_ms IS NOT NULL", [], {
                ($0.int64(0), $0.text(1), $0.optionalInt64(2), $0.optionalInt64(3))
            }) { stamps["\(day) \(metric)"] = (arrived, revised) }
        try db.execute("DELETE FROM day_aggregates")
        let metrics = try storedMetricNames(db).map { Metric(rawValue: $0) }
        let upsert = try db.statement("""
            INSERT INTO day_aggregates (day, metric, value, data, updated_ms, source, arrived_ms, revised_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        let delete = try db.statement("DELETE FROM day_aggregates WHERE day = ? AND metric = ?")
        var written = 0
        var exact: [Metric: MetricExtent] = [:]
        var origins = OriginNames()
        for metric in metrics {
            guard let kind = rules.catalog.kind(of: metric) else { continue }
            // The update time follows the aggregation columns: a day's arrival is its latest sample's.
            let select = try db.statement("""
                SELECT \(SampleRow.aggregationColumns), s.received_ms + s.updated_delta_ms FROM \(SampleRow.aggregationFrom)
                 WHERE s.metric = \(SampleRow.metricId(parameter: 1)) ORDER BY s.start_ms
                """)
            let updatedColumn = Int32(SampleRow.aggregationColumnCount)
            try select.bind(1, metric.rawValue)
            defer { select.reset() }
            var open: [DayKey: [Sample]] = [:]
            var arrived: [DayKey: Int64] = [:]
            func flush(before limitMs: Int64?) throws {
                // A later sample starts at or after `limitMs`, so it cannot reach a day whose
                // window ended before that.
                let closable = open.keys.filter { day in limitMs.map { Int64(day.ordinal + 1) * dayMs + windowAfterMs <= $0 } ?? true }
                for day in closable.sorted() {
                    let samples = open.removeValue(forKey: day) ?? []
                    let aggregate = DayAggregator.aggregate(kind: kind, day: day, attributed: samples, priority: rules.priority, clock: clock)
                    if aggregate != nil { written += 1 }
                    let stamp = stamps["\(day.ordinal) \(metric.rawValue)"]
                    let arrival = stamp?.arrived ?? arrived[day]
                    arrived[day] = nil
                    try store(aggregate, day: day, metric: metric, upsert: upsert, delete: delete, nowMs: nowMs,
                              stamps: [arrival.map { .integer($0) } ?? .null, stamp?.revised.map { .integer($0) } ?? .null])
                }
            }
            var lastFlushDay = Int64.min
            while try select.step() {
                let sample = try SampleRow.decodeForAggregation(select.row, metric: metric, origins: &origins, db: db)
                let startDay = sample.startTimeMs / dayMs
                if startDay != lastFlushDay {
                    try flush(before: sample.startTimeMs)
                    lastFlushDay = startDay
                }
                let attribution = DayAttribution.attribute(sample, kind: kind, clock: clock)
                let updatedMs = select.int64(updatedColumn)
                for day in attribution.days {
                    open[day, default: []].append(sample)
                    arrived[day] = max(arrived[day] ?? updatedMs, updatedMs)
                }
                let extent = MetricExtent(sample, offsetSeconds: attribution.offsetSeconds)
                if var known = exact[metric] {
                    _ = known.formUnion(extent)
                    exact[metric] = known
                } else {
                    exact[metric] = extent
                }
            }
            try flush(before: nil)
        }
        // Days a reported total stands for are derived again with it.
        let reportedDays = try reportedDays(db: db)
        if !reportedDays.isEmpty {
            try recompute(reportedDays, db: db, rules: rules, extents: exact, nowMs: nowMs, marksArrival: false)
            // Days a reported total alone holds were inserted just now, without their stamps.
            let restamp = try db.statement("""
                UPDATE day_aggregates SET arrived_ms = coalesce(?3, (SELECT updated_ms FROM day_totals WHERE metric = ?2 AND day = ?1)),
                                          revised_ms = ?4
                 WHERE day = ?1 AND metric = ?2 AND arrived_ms IS NULL
                """)
            for (metric, days) in reportedDays.sorted(by: { $0.key < $1.key }) {
                for day in days.sorted() {
                    let stamp = stamps["\(day.ordinal) \(metric.rawValue)"]
                    try restamp.bind([.integer(Int64(day.ordinal)), .text(metric.rawValue), stamp?.arrived.map { .integer($0) } ?? .null,
                                      stamp?.revised.map { .integer($0) } ?? .null])
                    try restamp.run()
                }
            }
        }
        let deleteExtent = try db.statement("DELETE FROM metric_stats WHERE metric = ?")
        for metric in exact.keys.sorted() {
            try deleteExtent.bind(1, metric.rawValue)
            try deleteExtent.run()
        }
        try MetricExtent.save(exact, db)
        return written
    }

    /// The names of the metrics with stored samples, sorted: one probe per name ever stored.
    static func storedMetricNames(_ db: Database) throws -> [String] {
        try db.query("SELECT name FROM sample_metrics m WHERE EXISTS (SELECT 1 FROM samples WHERE metric = m.id) ORDER BY name", []) { $0.text(0) }
    }
}
