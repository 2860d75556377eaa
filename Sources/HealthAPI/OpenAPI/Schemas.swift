import HealthDomain
import JSON

/// JSON Schemas (2020-12, as OpenAPI 3.1 uses) shared by the routes. Each is defined
/// once here, published under `components/schemas`, and referenced with `ref(_:)`.
public enum Schemas {
    /// `{"$ref": "#/components/schemas/Name"}`.
    public static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

    public static let errorEnvelope: JSONValue = [
        "type": "object",
        "description": "Every error has this shape.",
        "required": ["error"],
        "additionalProperties": false,
        "properties": [
            "error": [
                "type": "object",
                "description": "The error.",
                "required": ["code", "message", "details"],
                "additionalProperties": false,
                "properties": [
                    "code": ["type": "string", "description": "Machine-readable code, e.g. INVALID_PARAMETERS, UNAUTHORIZED, NOT_FOUND, METHOD_NOT_ALLOWED, CONFLICT, PAYLOAD_TOO_LARGE, RATE_LIMITED, INTERNAL_ERROR."],
                    "message": ["type": "string", "description": "What went wrong and how to fix it, in one sentence."],
                    "details": ["type": "object", "description": "Structured context: the offending `field`, the `rule` it broke, limits, the request id for 500s.", "additionalProperties": true],
                ],
            ],
        ],
    ]

    public static let liveness: JSONValue = [
        "type": "object",
        "description": "The liveness answer.",
        "required": ["status", "version", "uptimeSeconds", "uptime", "timestamp"],
        "additionalProperties": false,
        "properties": [
            "status": ["type": "string", "enum": ["ok"], "description": "Always `ok` while the server answers."],
            "version": ["type": "string", "description": "Server version."],
            "uptimeSeconds": ["type": "integer", "minimum": 0, "description": "Seconds since the server started."],
            "uptime": ["type": "integer", "minimum": 0, "description": "The same seconds, under the on-phone read API's name."],
            "timestamp": ["type": "string", "format": "date-time", "description": "The server's current time, UTC, whole seconds (`2026-01-07T10:30:00Z`)."],
        ],
    ]

    public static let capabilities: JSONValue = [
        "type": "object",
        "description": "Discovery metadata: server, auth, limits, derivation rules, metrics, query intents (with JSON Schemas and examples) and write-intent kinds.",
        "required": ["server", "auth", "limits", "rules"],
        "properties": [
            "server": ["type": "object", "description": "Name and version."],
            "auth": ["type": "object", "description": "How to authenticate."],
            "limits": ["type": "object", "description": "Request limits."],
            "rules": ["type": "object", "description": "How day numbers are derived, the timezone rule, missing data and de-duplication.", "additionalProperties": ["type": "string"]],
            "metrics": ["type": "object", "description": "Per canonical metric: display name (`displayName`, for people: \"Steps\", \"Resting heart rate\"), unit, aggregation (the summary number), kind (how a day is derived), summary meaning, description, aliases, HealthKit identifier, accepted units and plausible range."],
            "query": ["type": "object", "description": "POST /health/query: every intent with its fields, JSON Schema and an example."],
            "writeIntents": ["type": "object", "description": "Whether write intents are available and their kinds."],
            "workouts": ["type": "object", "description": "Workout routes, units and limits, and every HKWorkoutActivityType with its number, readable name and aliases."],
        ],
    ]

    /// `GET /health/types`.
    public static let metricTypes: JSONValue = [
        "type": "object",
        "description": "Every metric of the catalog, then the names stored raw, sorted by name.",
        "required": ["count", "types"],
        "additionalProperties": false,
        "properties": [
            "count": ["type": "integer", "minimum": 0, "description": "Number of entries in `types`."],
            "types": ["type": "array", "description": "One entry per metric.", "items": [
                "type": "object",
                "description": "One metric.",
                "required": ["metric", "aliases", "healthKitIdentifier", "kind", "unit", "acceptedUnits", "categoryValues", "range", "description", "samples"],
                "additionalProperties": false,
                "properties": [
                    "metric": ["type": "string", "description": "Canonical name (or the raw name)."],
                    "aliases": ["type": "array", "items": ["type": "string"], "description": "Other names that resolve to it on input."],
                    "healthKitIdentifier": ["type": ["string", "null"], "description": "The HealthKit type identifier."],
                    "kind": ["type": "string", "enum": .array((MetricKind.allCases.map(\.rawValue) + ["raw"]).map(JSONValue.string)), "description": "How a day is derived; `raw` for names outside the catalog."],
                    "unit": ["type": ["string", "null"], "description": "The canonical unit values are stored in; null for category metrics."],
                    "acceptedUnits": ["type": "array", "items": ["type": "string"], "description": "Unit spellings accepted on input, converted to `unit`."],
                    "categoryValues": ["type": ["array", "null"], "items": ["type": "string"], "description": "The values a category metric takes."],
                    "range": ["type": ["object", "null"], "description": "Plausible range of one sample in `unit`.", "properties": [
                        "minimum": ["type": "number", "description": "Lowest accepted value."], "maximum": ["type": "number", "description": "Highest accepted value."],
                    ]],
                    "description": ["type": "string", "description": "What it measures and what a day reports."],
                    "samples": ["type": "object", "description": "Stored samples.", "required": ["count", "firstMs", "lastMs"], "properties": [
                        "count": ["type": "integer", "minimum": 0, "description": "Samples stored."],
                        "firstMs": ["type": ["integer", "null"], "description": "Earliest start, Unix epoch milliseconds."],
                        "lastMs": ["type": ["integer", "null"], "description": "Latest end, Unix epoch milliseconds."],
                    ]],
                ],
            ]],
        ],
    ]

    /// The named schemas published in the document.
    public static var components: [String: JSONValue] {
        let base: [String: JSONValue] = [
            "Error": errorEnvelope,
            "Liveness": liveness,
            "Capabilities": capabilities,
            "Sample": sample,
            "IngestRequest": ingestRequest,
            "IngestResult": ingestResult,
            "DailyAggregates": dailyAggregates,
            "RawSamplePage": rawSamplePage,
            "MetricTypes": metricTypes,
        ]
        return base.merging(writeIntentComponents) { current, _ in current }
            .merging(summaryComponents) { current, _ in current }
            .merging(workoutComponents) { current, _ in current }
            .merging(importComponents) { current, _ in current }
            .merging(healthSaveComponents) { current, _ in current }
            .merging(healthAutoExportComponents) { current, _ in current }
            .merging(readAPIComponents) { current, _ in current }
            .merging(observationComponents) { current, _ in current }
            .merging(syncComponents) { current, _ in current }
            .merging(judgementComponents) { current, _ in current }
            .merging(changesComponents) { current, _ in current }
            .merging(peopleComponents) { current, _ in current }
    }
}
