import HealthDomain
import SQLiteStore

extension SampleStore {
    public struct DayRow: Sendable {
        public var day: Int
        public var metric: String
        public var value: Double?
        public var data: String
    }

    /// Stored aggregates for `from…to` (of `metric` only, when given), by day then metric.
    public func dailyAggregates(from: DayKey, to: DayKey, metric: Metric? = nil) async throws -> [DayRow] {
        try await pool.read { db in
            var sql = "SELECT day, metric, value, data FROM day_aggregates WHERE day BETWEEN ?1 AND ?2"
            var bindings: [SQLiteValue] = [.integer(Int64(from.ordinal)), .integer(Int64(to.ordinal))]
            if let metric {
                sql += " AND metric = ?3"
                bindings.append(.text(metric.rawValue))
            }
            return try db.query(sql + " ORDER BY day, metric", bindings) {
                DayRow(day: Int($0.int64(0)), metric: $0.text(1), value: $0.optionalDouble(2), data: $0.text(3))
            }
        }
    }

    public struct RawPage: Sendable {
        public var samples: [Sample]
        public var hasMore: Bool
    }

    /// One keyset page: samples after (`start`, `key`), so a page boundary never skips
    /// or repeats a sample, even while new samples are written in between.
    ///
    /// Rows come in primary-key order (start, then the stored key's bytes); the samples
    /// of one instant are put in key order here, so the page reads past the last instant
    /// it needs and keeps what follows the cursor.
    public func rawPage(metric: Metric, fromMs: Int64, toMs: Int64, after: (Int64, String)?, limit: Int) async throws -> RawPage {
        try await pool.read { db in
            let select = try db.statement("""
                SELECT \(SampleRow.columns) FROM \(SampleRow.from)
                 WHERE s.metric = \(SampleRow.metricId(parameter: 1)) AND s.start_ms >= ?2 AND s.start_ms < ?3 ORDER BY s.start_ms
                """)
            defer { select.reset() }
            try select.bind(1, metric.rawValue)
            try select.bind(2, max(fromMs, after?.0 ?? fromMs))
            try select.bind(3, toMs)
            var samples: [Sample] = []
            var instant: [Sample] = []
            func closeInstant() {
                samples += SampleRow.sortedByStartAndKey(instant).filter { sample in
                    guard let (start, key) = after, sample.startTimeMs == start else { return true }
                    return key.utf8.lexicographicallyPrecedes(sample.sampleKey.utf8)
                }
                instant.removeAll(keepingCapacity: true)
            }
            while try select.step() {
                let sample = SampleRow.decode(select.row)
                if let last = instant.last, last.startTimeMs != sample.startTimeMs {
                    closeInstant()
                    if samples.count > limit { break }
                }
                instant.append(sample)
            }
            closeInstant()
            let hasMore = samples.count > limit
            if hasMore { samples.removeSubrange(limit...) }
            return RawPage(samples: samples, hasMore: hasMore)
        }
    }
}
