import HealthDomain
import SQLiteStore

/// What the server stores of one HealthSave metric: how many records and the start
/// times of the oldest and newest.
public struct HeldMetric: Sendable, Equatable {
    public var count: Int
    public var oldestMs: Int64
    public var newestMs: Int64
    /// Whether every record counted stands for a whole day (activity summaries, day
    /// totals): its times are then the UTC midnights of those dates, and the status
    /// screen shows dates, as the reference backend does for its daily table.
    public var dated: Bool = false

    /// Adds another stored name's records that answer under the same HealthSave name.
    mutating func merge(_ other: HeldMetric) {
        count += other.count
        oldestMs = min(oldestMs, other.oldestMs)
        newestMs = max(newestMs, other.newestMs)
        dated = dated && other.dated
    }

    public static let msPerDay: Int64 = 86_400_000

    /// Every stored metric by its HealthSave name: raw samples (canonical names mapped
    /// back through the catalog), the day totals of HealthKit's statistics under their
    /// metric's name, `workouts` and `activity_summaries` (days dated at the UTC midnight
    /// of their date). `appNames` is the app's own name of each canonical metric.
    static func load(_ db: Database, catalog: MetricCatalog, appNames: [Metric: String]) throws -> [String: HeldMetric] {
        var held: [String: HeldMetric] = [:]
        func add(_ name: String, _ metric: HeldMetric) {
            if var existing = held[name] {
                existing.merge(metric)
                held[name] = existing
            } else {
                held[name] = metric
            }
        }
        // Stored names answer under the app's own name for the metric (a raw name as it is).
        func appName(_ stored: String) -> String {
            catalog.spec(for: Metric(rawValue: stored)).flatMap { appNames[$0.metric] } ?? stored
        }
        // The samples table is clustered by (metric, start): min and max are index edges,
        // the count reads each metric's range once.
        let samples = try db.query("""
            SELECT m.name, g.count, g.first, g.last FROM sample_metrics m
              JOIN (SELECT metric, count(*) AS count, min(start_ms) AS first, max(start_ms) AS last FROM samples GROUP BY metric) g
                ON g.metric = m.id
            """) { row in
            (row.text(0), HeldMetric(count: Int(row.int64(1)), oldestMs: row.int64(2), newestMs: row.int64(3)))
        }
        for (stored, metric) in samples { add(appName(stored), metric) }
        // A metric synced only as day totals (`step_count` from "HealthKit Statistics")
        // has no samples: without these it would show no count at all.
        let totals = try db.query("SELECT metric, count(*), min(day), max(day) FROM day_totals GROUP BY metric") { row in
            (row.text(0), HeldMetric(count: Int(row.int64(1)), oldestMs: row.int64(2) * msPerDay, newestMs: row.int64(3) * msPerDay, dated: true))
        }
        for (stored, metric) in totals { add(appName(stored), metric) }
        let workouts = try db.queryFirst("SELECT count(*), min(start_ms), max(start_ms) FROM workouts") { row in
            row.int64(0) == 0 ? nil : HeldMetric(count: Int(row.int64(0)), oldestMs: row.int64(1), newestMs: row.int64(2))
        }
        if let workouts = workouts ?? nil { add("workouts", workouts) }
        let rings = try db.queryFirst("SELECT count(*), min(day), max(day) FROM activity_summaries") { row in
            row.int64(0) == 0 ? nil : HeldMetric(count: Int(row.int64(0)), oldestMs: row.int64(1) * msPerDay, newestMs: row.int64(2) * msPerDay, dated: true)
        }
        if let rings = rings ?? nil { add("activity_summaries", rings) }
        return held
    }
}
