import HTTPTransport
import HealthDomain
import HealthFormats
import HealthStore
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
        let counts = try await context.services.store.read { reader in try reader.statusCounts() }
        var entries: [String: Entry] = [:]
        for (stored, span) in counts.samples {
            let metric = Metric(rawValue: stored)
            let name = names[metric] ?? metric.rawValue
            merge(&entries, name, count: span.count, oldestMs: span.first, newestMs: span.last)
        }
        if let workouts = counts.workouts {
            merge(&entries, "workouts", count: workouts.count, oldestMs: workouts.first, newestMs: workouts.last)
        }
        if let rings = counts.activitySummaries {
            entries["activity_summaries"] = Entry(
                count: rings.count, oldest: DayKey(ordinal: Int(rings.first)).description,
                newest: DayKey(ordinal: Int(rings.last)).description)
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
