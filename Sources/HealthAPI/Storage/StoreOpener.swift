import HealthDomain
import SQLiteStore

/// Opens (creating when needed) the database, applies migrations, and makes the stored
/// aggregates agree with the configured source priority.
public enum StoreOpener {
    public struct Opened: Sendable {
        public var store: SampleStore
        /// Aggregates rebuilt because the source priority differed from the stored one.
        public var rebuiltForPriorityChange: Bool
    }

    public static func open(path: String, priority: SourcePriority, nowMs: Int64, configuration: DatabaseConfiguration = .init()) throws -> Opened {
        if let slash = path.lastIndex(of: "/") { TokenProvider.makeDirectories(String(path[..<slash])) }
        let pool = try DatabasePool(path: path, configuration: configuration)
        do {
            _ = try HealthSchema.migrator.migrateSync(pool)
            let rebuilt = try pool.writeSync { db -> Bool in
                let stored = try db.queryFirst("SELECT value FROM settings WHERE key = 'source_priority'", []) { $0.text(0) }
                guard stored != priority.fingerprint else { return false }
                // Aggregates depend on the priority; when it changed, they are derived anew.
                let hasSamples = try db.queryFirst("SELECT 1 FROM samples LIMIT 1", []) { _ in true } ?? false
                if hasSamples { _ = try SampleStore.rebuild(db: db, priority: priority, clock: .shared, nowMs: nowMs) }
                try db.run("INSERT INTO settings (key, value) VALUES ('source_priority', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                           [.text(priority.fingerprint)])
                return hasSamples
            }
            return Opened(store: SampleStore(pool: pool, priority: priority), rebuiltForPriorityChange: rebuilt)
        } catch {
            pool.close()
            throw error
        }
    }
}
