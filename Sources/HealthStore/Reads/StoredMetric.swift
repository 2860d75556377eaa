import SQLiteStore

/// Samples of one stored metric name: count, first start, last end.
public struct StoredMetric: Sendable, Equatable {
    public var count: Int64
    public var firstMs: Int64
    public var lastMs: Int64

    public init(count: Int64, firstMs: Int64, lastMs: Int64) {
        self.count = count
        self.firstMs = firstMs
        self.lastMs = lastMs
    }

    /// One pass over the samples table, grouped by its leading key column (`metric`), so
    /// SQLite walks the clustered index in order without a sort.
    static func all(_ db: Database) throws -> [String: StoredMetric] {
        var out: [String: StoredMetric] = [:]
        for (name, stored) in try db.query("""
            SELECT m.name, g.count, g.first, g.last FROM sample_metrics m
              JOIN (SELECT metric, count(*) AS count, min(start_ms) AS first, max(start_ms + duration_ms) AS last FROM samples GROUP BY metric) g
                ON g.metric = m.id
            """, [], {
            ($0.text(0), StoredMetric(count: $0.int64(1), firstMs: $0.int64(2), lastMs: $0.int64(3)))
        }) {
            out[name] = stored
        }
        return out
    }
}
