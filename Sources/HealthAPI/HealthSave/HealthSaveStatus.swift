import HTTPTransport
import HealthDomain
import HealthFormats
import HealthStore
import JSON

/// `GET /api/apple/status`: the flat `{metric: {count, oldest, newest}}` object of the
/// HealthSave contract, read from what is stored (``HeldMetric``: samples, day totals,
/// workouts, activity summaries). Canonical metrics are named as the app names them; a
/// wrapped shape (`{"status":…, "counts":…}`) would break its screen.
enum HealthSaveStatus {
    static func respond(_ context: RequestContext) async throws -> HTTPResponse {
        try context.query.rejectUnknown(allowed: [])
        let catalog = context.services.catalog
        let appNames = HealthSaveCatalog.statusNamesByMetric(catalog)
        let held = try await context.services.store.read { reader in try reader.heldMetrics(catalog: catalog, appNames: appNames) }
        return .json(json(held))
    }

    /// The answer: instants in ISO 8601 UTC, or dates where every record stands for a day.
    static func json(_ held: [String: HeldMetric]) -> JSONValue {
        var body: [String: JSONValue] = [:]
        for (name, metric) in held {
            func format(_ ms: Int64) -> JSONValue {
                .string(metric.dated ? DayKey(ordinal: Int(ms / HeldMetric.msPerDay)).description : HealthSaveDate.format(ms))
            }
            body[name] = ["count": JSONValue(metric.count), "oldest": format(metric.oldestMs), "newest": format(metric.newestMs)]
        }
        return .object(body)
    }
}
