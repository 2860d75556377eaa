import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// `GET /health/types`: every metric the server knows — the catalog — with how many
/// samples are stored and their first and last time, plus the names stored raw. What
/// an agent or a client reads to learn which names, units and kinds exist.
enum TypesRoutes {
    static func routes() -> [Route] {
        [
            Route(.get, "/health/types", scope: .read,
                  operation: Operation(
                    id: "listMetricTypes", summary: "Every metric: names, kind, units and what is stored",
                    description: """
                    Every metric of the catalog with its canonical name, aliases (client names, HealthKit identifiers), HealthKit identifier, \
                    kind (how a day is derived), canonical and accepted units, plausible range, description, and the samples stored \
                    (count, first start and last end, Unix epoch milliseconds); then every other name stored raw (kind `raw`). Sorted by name.
                    """,
                    tags: ["discovery"],
                    responses: [200: Operation.Response("The metric types.", schema: Schemas.ref("MetricTypes"))])) { context in
                try context.query.rejectUnknown(allowed: [])
                let catalog = context.services.catalog
                let stored = try await context.services.store.read { reader in try reader.storedMetrics() }
                return .json(TypesRoutes.body(catalog: catalog, stored: stored))
            },
        ]
    }

    /// Samples per stored metric name: count, first start, last end.
    typealias Stored = StoredMetric

    static func body(catalog: MetricCatalog, stored: [String: Stored]) -> JSONValue {
        func samples(_ name: String) -> JSONValue {
            guard let s = stored[name] else { return ["count": 0, "firstMs": nil, "lastMs": nil] }
            return ["count": .number(Double(s.count)), "firstMs": .number(Double(s.firstMs)), "lastMs": .number(Double(s.lastMs))]
        }
        var types: [JSONValue] = catalog.specs.sorted { $0.metric < $1.metric }.map { spec in
            [
                "metric": .string(spec.metric.rawValue),
                "aliases": .array(spec.allAliases.map(JSONValue.string)),
                "healthKitIdentifier": spec.healthKitIdentifier.map(JSONValue.string) ?? .null,
                "kind": .string(spec.kind.rawValue),
                "unit": spec.unit.map(JSONValue.string) ?? .null,
                "acceptedUnits": .array((spec.units?.names ?? []).map(JSONValue.string)),
                "categoryValues": spec.categories.map { .array($0.map { .string($0.name) }) } ?? .null,
                "range": spec.plausibleRange.map { ["minimum": .number($0.lowerBound), "maximum": .number($0.upperBound)] } ?? .null,
                "description": .string(spec.description),
                "samples": samples(spec.metric.rawValue),
            ]
        }
        for name in stored.keys.sorted() where catalog.spec(for: Metric(rawValue: name)) == nil {
            types.append([
                "metric": .string(name), "aliases": [], "healthKitIdentifier": nil, "kind": "raw", "unit": nil, "acceptedUnits": [],
                "categoryValues": nil, "range": nil,
                "description": "Stored raw: not in the catalog, so it has no day values; readable through GET /health/raw.",
                "samples": samples(name),
            ])
        }
        return ["count": .number(Double(types.count)), "types": .array(types)]
    }
}
