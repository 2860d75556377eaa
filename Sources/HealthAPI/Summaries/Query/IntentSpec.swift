import HealthDomain
import JSON

/// The description of one query intent — its fields, limits and an example — defined
/// once and used three ways: to parse bodies (unknown and missing fields), to word 400
/// messages (what is allowed), and to publish JSON Schemas in capabilities and OpenAPI.
struct IntentSpec: Sendable {
    enum FieldKind: Sendable {
        case date
        case timezone
        case metric
        case metrics
        case bucket
        case range
        case activityType
        case detail
        case threshold
        case lagDays
        case goal

        /// How the kind reads in messages.
        var label: String {
            switch self {
            case .date: "date YYYY-MM-DD"
            case .timezone: "IANA timezone"
            case .metric: "metric name"
            case .metrics: "array of metric names"
            case .bucket: "\"day\" | \"week\" | \"month\""
            case .range: "object {from, to}"
            case .activityType: "workout activity type"
            case .detail: "\"brief\" | \"full\""
            case .threshold: "number 2–4"
            case .lagDays: "0 | 1"
            case .goal: "number | \"ring:move\" | \"ring:exercise\" | \"ring:stand\" | \"ring:all\""
            }
        }
    }

    struct Field: Sendable {
        var name: String
        var kind: FieldKind
        var required: Bool
        var description: String
    }

    var name: String
    var summary: String
    var fields: [Field]
    /// The longest range, in days, the intent accepts.
    var maxDays: Int?
    var example: JSONValue

    /// "from (date YYYY-MM-DD), to (date YYYY-MM-DD), timezone? (IANA timezone)".
    var signature: String {
        fields.map { "\($0.name)\($0.required ? "" : "?") (\($0.kind.label))" }.joined(separator: ", ")
    }

    func field(_ name: String) -> Field? { fields.first { $0.name == name } }
}

extension IntentSpec {
    static let timezoneField = Field(name: "timezone", kind: .timezone, required: false,
                                     description: "IANA timezone (e.g. Europe/Berlin) that decides 'today'/'yesterday' and how clock times are written. Default: the server's default, else the timezone of the most recent sample, else UTC; the answer says which was used.")
    static let fromField = Field(name: "from", kind: .date, required: true, description: "First local date, inclusive.")
    static let toField = Field(name: "to", kind: .date, required: true, description: "Last local date, inclusive.")

    /// The summary intents, in documentation order (``all`` adds the judgements and `detail`).
    static let summaries: [IntentSpec] = [
        IntentSpec(name: "daily_summary", summary: "One day: every metric with its unit, a 28-day baseline, provenance and a one-sentence text.",
                   fields: [Field(name: "day", kind: .date, required: true, description: "The local date to summarise."), timezoneField],
                   maxDays: nil, example: ["intent": "daily_summary", "day": "2026-11-17", "timezone": "Europe/Berlin"]),
        IntentSpec(name: "range_summary", summary: "A range of at most 366 days: totals/averages, min/max days, trend, coverage and the change against the previous range of the same length.",
                   fields: [fromField, toField, timezoneField],
                   maxDays: Limits.rangeSummaryDays, example: ["intent": "range_summary", "from": "2026-11-09", "to": "2026-11-15", "timezone": "Europe/Berlin"]),
        IntentSpec(name: "yesterday_summary", summary: "The daily summary of yesterday in the given timezone.",
                   fields: [timezoneField],
                   maxDays: nil, example: ["intent": "yesterday_summary", "timezone": "America/Los_Angeles"]),
        IntentSpec(name: "metric_series", summary: "One metric over a range by day, ISO week (Monday first) or calendar month: the detail behind range summaries.",
                   fields: [Field(name: "metric", kind: .metric, required: true, description: "A canonical metric (an alias the catalog lists, such as heart_rate, is accepted as on ingest): \(MetricCatalog.standard.metrics.map(\.rawValue).joined(separator: ", ")).") , fromField, toField,
                            Field(name: "bucket", kind: .bucket, required: false, description: "Bucket size: day (default; at most \(SummaryText.grouped(MetricSeries.maxDays(.day))) days), week (at most \(SummaryText.grouped(MetricSeries.maxDays(.week))) days) or month (at most \(SummaryText.grouped(MetricSeries.maxDays(.month))) days)."), timezoneField],
                   maxDays: MetricSeries.maxDays(.month), example: ["intent": "metric_series", "metric": "step_count", "from": "2026-09-01", "to": "2026-11-30", "bucket": "week"]),
        IntentSpec(name: "compare_ranges", summary: "Two ranges (each at most 366 days) side by side per metric, with the difference b − a.",
                   fields: [Field(name: "a", kind: .range, required: true, description: "The first range {from, to}."),
                            Field(name: "b", kind: .range, required: true, description: "The second range {from, to}."),
                            Field(name: "metrics", kind: .metrics, required: false, description: "Metrics to compare (default: all canonical metrics); aliases are accepted as on ingest."), timezoneField],
                   maxDays: Limits.rangeSummaryDays,
                   example: ["intent": "compare_ranges", "a": ["from": "2026-10-01", "to": "2026-10-31"], "b": ["from": "2026-11-01", "to": "2026-11-30"], "metrics": ["step_count", "sleep_segment"]]),
        IntentSpec(name: "sleep_report", summary: "Nights (keyed by wake-up date) with stages, bedtime and wake time, plus averages and bedtime/wake-time consistency; at most 92 nights.",
                   fields: [fromField, toField, timezoneField],
                   maxDays: Limits.sleepReportDays, example: ["intent": "sleep_report", "from": "2026-11-09", "to": "2026-11-15", "timezone": "Europe/Berlin"]),
        IntentSpec(name: "workouts", summary: "The workouts of a range of at most 366 days (by the local day of their start), of one activity type when asked: each workout, totals (count, duration, distance, energy) overall and per type, and a one-sentence text.",
                   fields: [fromField, toField,
                            Field(name: "type", kind: .activityType, required: false, description: "Only this activity type: a HealthKit name such as running (case-insensitive), a readable name such as Outdoor Run, or its number such as 37."),
                            timezoneField],
                   maxDays: Limits.workoutRangeDays, example: ["intent": "workouts", "from": "2026-04-06", "to": "2026-04-12", "type": "running"]),
    ]

    static func named(_ name: String) -> IntentSpec? { all.first { $0.name == name } }

    /// "daily_summary {day, timezone?}; range_summary {from, to, timezone?}; …".
    static var catalogue: String {
        all.map { spec in "\(spec.name) {\(spec.fields.map { $0.name + ($0.required ? "" : "?") }.joined(separator: ", "))}" }.joined(separator: "; ")
    }

    // MARK: JSON Schema

    static let datePattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"

    static func schema(for kind: FieldKind, description: String) -> JSONValue {
        switch kind {
        case .date:
            return ["type": "string", "format": "date", "pattern": .string(datePattern), "description": .string(description)]
        case .timezone:
            return TimezoneName.schema(description: description)
        case .metric:
            return ["type": "string", "enum": .array(MetricCatalog.standard.metrics.map { .string($0.rawValue) }), "description": .string(description)]
        case .metrics:
            return ["type": "array", "items": ["type": "string", "enum": .array(MetricCatalog.standard.metrics.map { .string($0.rawValue) })], "minItems": 1, "uniqueItems": true, "description": .string(description)]
        case .bucket:
            return ["type": "string", "enum": ["day", "week", "month"], "default": "day", "description": .string(description)]
        case .activityType:
            return ["type": ["string", "integer"], "minLength": 1, "maxLength": 64, "examples": ["running", "Outdoor Run", 37], "description": .string(description)]
        case .range:
            return ["type": "object", "required": ["from", "to"], "additionalProperties": false, "description": .string(description),
                    "properties": ["from": schema(for: .date, description: "First local date, inclusive."), "to": schema(for: .date, description: "Last local date, inclusive.")]]
        case .detail, .threshold, .lagDays, .goal:
            return judgementSchema(for: kind, description: description)
        }
    }

    /// The JSON Schema of this intent's body.
    var schema: JSONValue {
        var properties: [String: JSONValue] = ["intent": ["type": "string", "const": .string(name), "description": "Selects this intent."]]
        for field in fields { properties[field.name] = IntentSpec.schema(for: field.kind, description: field.description) }
        var description = summary
        if let maxDays { description += " Ranges may span at most \(maxDays) days." }
        return [
            "type": "object",
            "title": .string(name),
            "description": .string(description),
            "required": .array((["intent"] + fields.filter(\.required).map(\.name)).map { .string($0) }),
            "additionalProperties": false,
            "properties": .object(properties),
            "examples": [example],
        ]
    }

    /// The schema name under `components/schemas`: `daily_summary` → `DailySummaryQuery`.
    var schemaName: String {
        name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Query"
    }
}
