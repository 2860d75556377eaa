import HealthDomain
import SQLiteStore

/// The most recent sample of any canonical metric: one index seek per metric on
/// `samples_by_metric_start`, so it stays cheap with millions of samples.
public struct LatestSample: Sendable {
    public var startMs: Int64
    public var endMs: Int64
    /// The IANA zone the sample was recorded in.
    public var timezone: String

    static let sql = "SELECT start_ms, end_ms, timezone FROM samples WHERE metric = ? AND start_ms < ? ORDER BY start_ms DESC LIMIT 1"

    /// The canonical sample with the latest start before `beforeMs`.
    static func find(_ db: Database, beforeMs: Int64, metrics: [Metric] = MetricCatalog.standard.metrics) throws -> LatestSample? {
        let statement = try db.statement(sql)
        var best: LatestSample?
        for metric in metrics {
            try statement.bind(1, metric.rawValue)
            try statement.bind(2, beforeMs)
            if try statement.step() {
                let found = LatestSample(startMs: statement.int64(0), endMs: statement.int64(1), timezone: statement.text(2))
                let isLater = best.map { found.startMs > $0.startMs || (found.startMs == $0.startMs && found.endMs > $0.endMs) } ?? true
                if isLater { best = found }
            }
            statement.reset()
        }
        return best
    }

    /// The latest sample end, capped at `beforeMs`, among canonical samples that start
    /// before `beforeMs`: the moment the answer is current as of.
    ///
    /// Per metric: one index seek finds the latest start; only samples starting within
    /// the metric's longest duration before it can end later, so just those are read.
    static func asOf(_ db: Database, catalog: MetricCatalog, beforeMs: Int64) throws -> Int64? {
        let latestStart = try db.statement("SELECT max(start_ms) FROM samples WHERE metric = ? AND start_ms < ?")
        let latestEnd = try db.statement("SELECT max(min(end_ms, ?1)) FROM samples WHERE metric = ?2 AND start_ms >= ?3 AND start_ms < ?1")
        let extents = try MetricExtent.loadAll(db)
        var best: Int64?
        // Only metrics that ever had a sample have a recorded extent: a catalog of
        // ~180 entries costs two seeks per metric actually stored, not per entry.
        for metric in catalog.metrics where extents[metric] != nil {
            try latestStart.bind(1, metric.rawValue)
            try latestStart.bind(2, beforeMs)
            let start = try latestStart.step() ? latestStart.optionalInt64(0) : nil
            latestStart.reset()
            guard let start else { continue }
            try latestEnd.bind(1, beforeMs)
            try latestEnd.bind(2, metric.rawValue)
            try latestEnd.bind(3, start - ((extents[metric]?.maxDurationMs ?? 0)))
            if try latestEnd.step(), let end = latestEnd.optionalInt64(0), end > (best ?? Int64.min) { best = end }
            latestEnd.reset()
        }
        return best
    }
}
