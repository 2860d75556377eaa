import HealthDomain
import SQLiteStore

/// The most recent sample of any canonical metric: one primary-key seek per metric, so it
/// stays cheap with millions of samples.
public struct LatestSample: Sendable {
    public var startMs: Int64
    public var endMs: Int64
    /// The IANA zone the sample was recorded in.
    public var timezone: String

    /// The samples at the latest start before ?2: one seek for the start, then its instant,
    /// of which the sample with the greatest key counts (as when keys were stored as text).
    static let sql = """
        SELECT s.key, s.start_ms, s.start_ms + s.duration_ms, o.timezone FROM samples s JOIN sample_origins o ON o.id = s.origin
         WHERE s.metric = \(SampleRow.metricId(parameter: 1))
           AND s.start_ms = (SELECT max(start_ms) FROM samples WHERE metric = \(SampleRow.metricId(parameter: 1)) AND start_ms < ?2)
        """

    /// The canonical sample with the latest start before `beforeMs`.
    static func find(_ db: Database, beforeMs: Int64, metrics: [Metric] = MetricCatalog.standard.metrics) throws -> LatestSample? {
        let statement = try db.statement(sql)
        var best: LatestSample?
        for metric in metrics {
            try statement.bind(1, metric.rawValue)
            try statement.bind(2, beforeMs)
            var latest: (key: String, sample: LatestSample)?
            while try statement.step() {
                let key = StoredKey.decode(statement.value(0))
                if let known = latest, !known.key.utf8.lexicographicallyPrecedes(key.utf8) { continue }
                latest = (key, LatestSample(startMs: statement.int64(1), endMs: statement.int64(2), timezone: statement.text(3)))
            }
            if let found = latest?.sample {
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
        let latestStart = try db.statement("SELECT max(start_ms) FROM samples WHERE metric = \(SampleRow.metricId(parameter: 1)) AND start_ms < ?2")
        let latestEnd = try db.statement("""
            SELECT max(min(start_ms + duration_ms, ?1)) FROM samples WHERE metric = \(SampleRow.metricId(parameter: 2)) AND start_ms >= ?3 AND start_ms < ?1
            """)
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
