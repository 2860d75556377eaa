import HealthDomain
import SQLiteStore

/// A source the feed watcher follows for silence (the `change_sources` table), and the
/// latest arrival of each source as the sync ledger records it.
public struct WatchedSource: Sendable, Equatable {
    /// The normalised name (``SourceName/normalized(_:)``): spellings are one source.
    public var key: String
    /// The name as its latest write spelled it.
    public var name: String
    /// When samples of it last arrived (were stored), in milliseconds since the epoch.
    public var lastArrivalMs: Int64
    /// The UTC days (days since 1970-01-01) samples of it arrived on, ascending; the
    /// watcher keeps the last week's.
    public var arrivalDays: [Int]
    /// Since when it has been reported silent; nil while it is not.
    public var silentSinceMs: Int64?

    /// A watched source with these fields.
    public init(key: String, name: String, lastArrivalMs: Int64, arrivalDays: [Int], silentSinceMs: Int64?) {
        self.key = key
        self.name = name
        self.lastArrivalMs = lastArrivalMs
        self.arrivalDays = arrivalDays
        self.silentSinceMs = silentSinceMs
    }

    /// Every watched source, by key.
    static func all(_ db: Database) throws -> [WatchedSource] {
        try db.query("SELECT source, name, last_arrival_ms, arrival_days, silent_since_ms FROM change_sources ORDER BY source", []) {
            WatchedSource(key: $0.text(0), name: $0.text(1), lastArrivalMs: $0.int64(2),
                          arrivalDays: $0.text(3).split(separator: ",").compactMap { Int($0) }, silentSinceMs: $0.optionalInt64(4))
        }
    }

    /// Stores `source`, replacing the row of its key.
    static func save(_ source: WatchedSource, db: Database) throws {
        try db.run("""
            INSERT INTO change_sources (source, name, last_arrival_ms, arrival_days, silent_since_ms) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT (source) DO UPDATE SET name = excluded.name, last_arrival_ms = excluded.last_arrival_ms,
                arrival_days = excluded.arrival_days, silent_since_ms = excluded.silent_since_ms
            """, [.text(source.key), .text(source.name), .integer(source.lastArrivalMs),
                  .text(source.arrivalDays.map(String.init).joined(separator: ",")), source.silentSinceMs.map { .integer($0) } ?? .null])
    }

    /// The latest arrival of every named source the sync ledger knows, by key: the newest
    /// request time over the adapters that sync (an Apple Health export import is a one-off,
    /// not a sign of a phone syncing, so it is left out). Named as the newest write spelled it.
    static func arrivals(_ db: Database) throws -> [(key: String, name: String, lastArrivalMs: Int64)] {
        var latest: [String: (name: String, ms: Int64)] = [:]
        for entry in try SyncLedger.all(db) where entry.client != SyncClient.appleHealthImport.rawValue && !entry.source.isEmpty {
            let key = SourceName.normalized(entry.source)
            if let seen = latest[key], seen.ms >= entry.lastRequestMs { continue }
            latest[key] = (entry.source, entry.lastRequestMs)
        }
        return latest.sorted { $0.key < $1.key }.map { ($0.key, $0.value.name, $0.value.ms) }
    }
}
