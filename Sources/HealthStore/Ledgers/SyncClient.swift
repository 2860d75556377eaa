import HealthDomain
import JSON
import SQLiteStore

/// The adapter a write came through. Recorded per source with every stored batch so the
/// sync view can say which client last delivered a source, and when.
public enum SyncClient: String, Sendable, CaseIterable {
    /// `POST /health/ingest`: the native iPhone client.
    case native
    /// `POST /api/apple/batch` and `/api/v2/apple/batch`: the HealthSave app.
    case healthSave = "healthsave"
    /// `POST /health/hae` (and its aliases): Health Auto Export.
    case healthAutoExport = "health_auto_export"
    /// `POST /health/import` and `healthd import`: an Apple Health export.
    case appleHealthImport = "import"
    /// `POST /api/v1/observations/batch`: observation batches.
    case observations
}

/// The `sync_clients` table: the last write per (client, source).
public enum SyncLedger {
    /// One row: what `client` last delivered for `source`.
    public struct Entry: Sendable, Equatable {
        public var client: String
        public var source: String
        public var lastSampleMs: Int64
        public var lastRequestMs: Int64
        public var samples: Int64
    }

    /// Records a stored batch inside the caller's write transaction: per source, the
    /// latest end time among `samples` and `workouts`, the request time, and the count.
    /// One upsert per distinct source, so a 10,000-sample batch costs a handful of rows;
    /// the samples are counted by their origins as `prepared` groups them.
    static func record(client: SyncClient, samples: [Sample], prepared: PreparedSamples, workouts: [Workout] = [], nowMs: Int64, db: Database) throws {
        guard !samples.isEmpty || !workouts.isEmpty else { return }
        var latest: [String: (end: Int64, count: Int64)] = [:]
        func add(_ source: String?, _ end: Int64, count: Int64 = 1) {
            let key = source ?? ""
            let seen = latest[key] ?? (Int64.min, 0)
            latest[key] = (max(seen.end, end), seen.count + count)
        }
        var byOrigin = [(end: Int64, count: Int64)](repeating: (Int64.min, 0), count: prepared.origins.count)
        for (entry, sample) in zip(prepared.entries, samples) {
            let index = Int(entry.origin)
            byOrigin[index] = (max(byOrigin[index].end, sample.endTimeMs), byOrigin[index].count + 1)
        }
        for (origin, seen) in zip(prepared.origins, byOrigin) where seen.count > 0 { add(origin.sourceName, seen.end, count: seen.count) }
        for workout in workouts { add(workout.sourceName, workout.endTimeMs) }
        let upsert = try db.statement("""
            INSERT INTO sync_clients (client, source, last_sample_ms, last_request_ms, samples) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (client, source) DO UPDATE SET
                last_sample_ms = max(last_sample_ms, excluded.last_sample_ms),
                last_request_ms = max(last_request_ms, excluded.last_request_ms),
                samples = samples + excluded.samples
            """)
        for (source, seen) in latest {
            try upsert.bind([.text(client.rawValue), .text(source), .integer(seen.end), .integer(nowMs), .integer(seen.count)])
            try upsert.run()
        }
    }

    /// Every row, by client then source.
    static func all(_ db: Database) throws -> [Entry] {
        try db.query("SELECT client, source, last_sample_ms, last_request_ms, samples FROM sync_clients ORDER BY client, source") {
            Entry(client: $0.text(0), source: $0.text(1), lastSampleMs: $0.int64(2), lastRequestMs: $0.int64(3), samples: $0.int64(4))
        }
    }
}
