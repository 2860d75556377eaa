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
    public func rawPage(metric: Metric, fromMs: Int64, toMs: Int64, after: (Int64, String)?, limit: Int) async throws -> RawPage {
        try await pool.read { db in
            var sql = "SELECT \(SampleRow.columns) FROM samples WHERE metric = ?1 AND start_ms >= ?2 AND start_ms < ?3"
            var bindings: [SQLiteValue] = [.text(metric.rawValue), .integer(fromMs), .integer(toMs)]
            if let (start, key) = after {
                sql += " AND (start_ms, sample_key) > (?4, ?5) ORDER BY start_ms, sample_key LIMIT ?6"
                bindings += [.integer(start), .text(key), .integer(Int64(limit + 1))]
            } else {
                sql += " ORDER BY start_ms, sample_key LIMIT ?4"
                bindings.append(.integer(Int64(limit + 1)))
            }
            var samples = try db.query(sql, bindings) { SampleRow.decode($0) }
            let hasMore = samples.count > limit
            if hasMore { samples.removeLast() }
            return RawPage(samples: samples, hasMore: hasMore)
        }
    }
}
