import HealthDomain
import SQLiteStore

/// The IANA time zone a summary is told in, and why that one: it decides what "today"
/// and "yesterday" mean and how clock times are written, and the answer names it.
public struct SummaryZone: Sendable, Equatable {
    public enum Origin: String, Sendable {
        /// The request's `timezone`.
        case request
        /// The server's configured default (`--timezone` / `HEALTHD_TIMEZONE`).
        case serverDefault = "server_default"
        /// The timezone of the most recent stored sample.
        case latestSample = "latest_sample"
        /// No other answer: UTC.
        case utcFallback = "utc_fallback"
    }

    public var name: String
    public var origin: Origin

    public init(name: String, origin: Origin) {
        self.name = name
        self.origin = origin
    }

    /// The request's zone, else the server default, else the zone of the most recent
    /// sample of a canonical metric, else UTC. Reads through `db`, so a summary resolves
    /// its zone in the same read transaction (the same snapshot) it is built from.
    static func resolve(requested: String?, serverDefault: String?, db: Database) throws -> SummaryZone {
        if let requested { return SummaryZone(name: requested, origin: .request) }
        if let serverDefault { return SummaryZone(name: serverDefault, origin: .serverDefault) }
        let latest = try LatestSample.find(db, beforeMs: Int64.max)
        if let zone = latest?.timezone, KnownTimeZones.contains(zone) { return SummaryZone(name: zone, origin: .latestSample) }
        return SummaryZone(name: "UTC", origin: .utcFallback)
    }

    /// Today's local date in this zone.
    func today(nowMs: Int64) -> DayKey { ZoneClock.shared.dayKey(atMs: nowMs, zone: name) }
}

/// The most recent sample of any canonical metric: one index seek per metric on
/// `samples_by_metric_start`, so it stays cheap with millions of samples.
struct LatestSample: Sendable {
    var startMs: Int64
    var endMs: Int64
    var timezone: String

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
}
