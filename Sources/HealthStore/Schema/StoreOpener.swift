import Foundation
import HealthDomain
import SQLiteStore

/// Opens (creating when needed) the database, applies migrations, and makes the stored
/// aggregates agree with the configured source priority and metric table.
public enum StoreOpener {
    public struct Opened: Sendable {
        public var store: SampleStore
        /// Aggregates rebuilt because the source priority, the metric table or the
        /// aggregate format differed from those the stored aggregates were derived with.
        public var rebuiltForPriorityChange: Bool
    }

    public static func open(path: String, priority: SourcePriority, nowMs: Int64, configuration: DatabaseConfiguration = .init(),
                            catalog: MetricCatalog = .standard) throws -> Opened {
        if let slash = path.lastIndex(of: "/") { makeDirectories(String(path[..<slash])) }
        let pool = try DatabasePool(path: path, configuration: configuration)
        do {
            _ = try HealthSchema.migrator.migrateSync(pool)
            let store = SampleStore(pool: pool, priority: priority, catalog: catalog)
            let rebuilt = try pool.writeSync { db -> Bool in
                let setting = "SELECT value FROM settings WHERE key = ?"
                let storedPriority = try db.queryFirst(setting, [.text("source_priority")]) { $0.text(0) }
                let storedCatalog = try db.queryFirst(setting, [.text("metric_catalog")]) { $0.text(0) }
                let storedFormat = try db.queryFirst(setting, [.text("aggregate_format")]) { $0.text(0) }
                let catalogPrint = catalog.fingerprint
                let format = String(DayAggregate.format)
                guard storedPriority != priority.fingerprint || storedCatalog != catalogPrint || storedFormat != format else { return false }
                // Aggregates depend on the priority, on which metrics are aggregated how and
                // on what an aggregate holds; when any changed (a new release knows more
                // metrics, or writes source names differently), they are derived anew.
                let hasSamples = try db.queryFirst("SELECT 1 FROM samples LIMIT 1", []) { _ in true } ?? false
                if hasSamples {
                    if storedCatalog != catalogPrint {
                        _ = try SampleStore.adoptRawSamples(db: db, rules: store.rules,
                                                            previouslyKnown: SampleStore.names(inFingerprint: storedCatalog))
                    }
                    _ = try SampleStore.rebuild(db: db, rules: store.rules, nowMs: nowMs)
                }
                let upsert = "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
                try db.run(upsert, [.text("source_priority"), .text(priority.fingerprint)])
                try db.run(upsert, [.text("metric_catalog"), .text(catalogPrint)])
                try db.run(upsert, [.text("aggregate_format"), .text(format)])
                return hasSamples
            }
            return Opened(store: store, rebuiltForPriorityChange: rebuilt)
        } catch {
            pool.close()
            throw error
        }
    }

    /// `mkdir -p` with mode 0700: the directory holds health data and the token.
    public static func makeDirectories(_ path: String) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") where part != "." {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }
}
