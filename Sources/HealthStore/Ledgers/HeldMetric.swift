import HealthDomain
import HealthFormats
import SQLiteStore

/// What the server stores of one HealthSave metric: how many records and the start
/// times of the oldest and newest.
public struct HeldMetric: Sendable, Equatable {
    public var count: Int
    public var oldestMs: Int64
    public var newestMs: Int64

    /// Adds another stored name's records that answer under the same HealthSave name.
    mutating func merge(_ other: HeldMetric) {
        count += other.count
        oldestMs = min(oldestMs, other.oldestMs)
        newestMs = max(newestMs, other.newestMs)
    }

    /// Every stored metric by its HealthSave name: raw samples (canonical names mapped
    /// back through the catalog), `workouts` and `activity_summaries` (dated at the UTC
    /// midnight of their day). `appNames` is the app's own name of each canonical metric.
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
        // The samples table is clustered by (metric, start): min and max are index edges,
        // the count reads each metric's range once.
        let samples = try db.query("SELECT metric, count(*), min(start_ms), max(start_ms) FROM samples GROUP BY metric") { row in
            (row.text(0), HeldMetric(count: Int(row.int64(1)), oldestMs: row.int64(2), newestMs: row.int64(3)))
        }
        // Stored names answer under the app's own name for the metric (a raw name as it is).
        for (stored, metric) in samples {
            let name = catalog.spec(for: Metric(rawValue: stored)).flatMap { appNames[$0.metric] } ?? stored
            add(name, metric)
        }
        let workouts = try db.queryFirst("SELECT count(*), min(start_ms), max(start_ms) FROM workouts") { row in
            row.int64(0) == 0 ? nil : HeldMetric(count: Int(row.int64(0)), oldestMs: row.int64(1), newestMs: row.int64(2))
        }
        if let workouts = workouts ?? nil { add("workouts", workouts) }
        let rings = try db.queryFirst("SELECT count(*), min(day), max(day) FROM activity_summaries") { row in
            row.int64(0) == 0 ? nil : HeldMetric(count: Int(row.int64(0)), oldestMs: row.int64(1) * 86_400_000, newestMs: row.int64(2) * 86_400_000)
        }
        if let rings = rings ?? nil { add("activity_summaries", rings) }
        return held
    }
}
