import HTTPTransport
import HealthDomain
import HealthFormats
import JSON

/// `GET /api/apple/status`: the flat `{metric: {count, oldest, newest}}` object of the
/// HealthSave contract, read from what is stored. Canonical metrics are named as the
/// app names them; a wrapped shape (`{"status":…, "counts":…}`) would break its screen.
enum HealthSaveStatus {
    /// One key of the answer.
    struct Entry: Sendable {
        var count: Int64
        var oldest: String?
        var newest: String?
    }

    static func respond(_ context: RequestContext) async throws -> HTTPResponse {
        try context.query.rejectUnknown(allowed: [])
        let names = HealthSaveCatalog.statusNamesByMetric(context.services.catalog)
        let entries: [String: Entry] = try await context.services.store.pool.read { db in
            var entries: [String: Entry] = [:]
            let samples = try db.statement("SELECT metric, COUNT(*), MIN(start_ms), MAX(start_ms) FROM samples GROUP BY metric")
            while try samples.step() {
                let metric = Metric(rawValue: samples.text(0))
                let name = names[metric] ?? metric.rawValue
                merge(&entries, name, count: samples.int64(1), oldestMs: samples.int64(2), newestMs: samples.int64(3))
            }
            samples.reset()
            let workouts = try db.statement("SELECT COUNT(*), MIN(start_ms), MAX(start_ms) FROM workouts")
            if try workouts.step(), workouts.int64(0) > 0 {
                merge(&entries, "workouts", count: workouts.int64(0), oldestMs: workouts.int64(1), newestMs: workouts.int64(2))
            }
            workouts.reset()
            let rings = try db.statement("SELECT COUNT(*), MIN(day), MAX(day) FROM activity_summaries")
            if try rings.step(), rings.int64(0) > 0 {
                entries["activity_summaries"] = Entry(
                    count: rings.int64(0), oldest: DayKey(ordinal: Int(rings.int64(1))).description,
                    newest: DayKey(ordinal: Int(rings.int64(2))).description)
            }
            rings.reset()
            return entries
        }
        var body: [String: JSONValue] = [:]
        for (name, entry) in entries {
            body[name] = ["count": JSONValue(entry.count), "oldest": JSONValue(entry.oldest), "newest": JSONValue(entry.newest)]
        }
        return .json(.object(body))
    }

    static func merge(_ entries: inout [String: Entry], _ name: String, count: Int64, oldestMs: Int64, newestMs: Int64) {
        let oldest = HealthSaveDate.format(oldestMs), newest = HealthSaveDate.format(newestMs)
        if var known = entries[name] {
            // Two stored names under one app name (never for the built-in table): add up.
            known.count += count
            if let o = known.oldest, HealthSaveDate.parse(o).map({ $0.ms > oldestMs }) == true { known.oldest = oldest }
            if let n = known.newest, HealthSaveDate.parse(n).map({ $0.ms < newestMs }) == true { known.newest = newest }
            entries[name] = known
        } else {
            entries[name] = Entry(count: count, oldest: oldest, newest: newest)
        }
    }
}
