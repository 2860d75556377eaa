import HealthDomain
import JSON

/// An inclusive span of local dates.
struct DayRange: Sendable, Equatable {
    var from: DayKey
    var to: DayKey
    var days: Int { to.ordinal - from.ordinal + 1 }
}

/// The bucket size of a metric series.
enum SeriesBucket: String, Sendable, CaseIterable {
    case day, week, month
}

/// A typed question to `POST /health/query`, parsed from `{"intent": …, …}` with a 400
/// for anything that does not fit, naming the field and what is allowed.
enum QueryIntent: Sendable, Equatable {
    case dailySummary(day: DayKey, timezone: String?)
    case rangeSummary(DayRange, timezone: String?)
    case yesterdaySummary(timezone: String?)
    case metricSeries(spec: MetricSpec, range: DayRange, bucket: SeriesBucket, timezone: String?)
    case compareRanges(a: DayRange, b: DayRange, metrics: [MetricSpec], timezone: String?)
    case sleepReport(DayRange, timezone: String?)
    case workouts(DayRange, type: WorkoutActivityType?, timezone: String?)
    /// `day` nil: today in the answer's timezone.
    case readiness(day: DayKey?, timezone: String?)
    /// `metrics` nil: every metric with day values in the range or its baseline window.
    case anomalies(DayRange, metrics: [MetricSpec]?, threshold: Double, timezone: String?)
    /// Nil bounds: the first day with data, today.
    case records(spec: MetricSpec, from: DayKey?, to: DayKey?, goal: StreakGoal?, timezone: String?)
    case correlation(a: MetricSpec, b: MetricSpec, range: DayRange, lagDays: Int, timezone: String?)

    var timezone: String? {
        switch self {
        case .dailySummary(_, let tz), .rangeSummary(_, let tz), .yesterdaySummary(let tz), .sleepReport(_, let tz): tz
        case .metricSeries(_, _, _, let tz), .compareRanges(_, _, _, let tz), .workouts(_, _, let tz): tz
        case .readiness(_, let tz), .anomalies(_, _, _, let tz), .records(_, _, _, _, let tz), .correlation(_, _, _, _, let tz): tz
        }
    }

    /// Parses a request body.
    static func parse(_ body: JSONValue, catalog: MetricCatalog = .standard) throws -> QueryIntent {
        guard case .object(let object) = body else {
            throw APIError.invalidParameter("(body)", "the body must be a JSON object such as {\"intent\": \"yesterday_summary\"} (got \(body.typeName)); intents: \(IntentSpec.catalogue)",
                                            rule: "type", extra: intentList)
        }
        guard let intentValue = object["intent"] else {
            throw APIError.invalidParameter("intent", "field 'intent' is required; intents: \(IntentSpec.catalogue)", rule: "required", extra: intentList)
        }
        guard let name = intentValue.stringValue else {
            throw APIError.invalidParameter("intent", "field 'intent' must be a string (got \(intentValue.typeName)); intents: \(IntentSpec.catalogue)", rule: "type", extra: intentList)
        }
        guard let spec = IntentSpec.named(name) else {
            throw APIError.invalidParameter("intent", "unknown intent '\(name.prefix(60))'; intents: \(IntentSpec.catalogue)", rule: "enum", extra: intentList)
        }
        let reader = IntentReader(spec: spec, object: object, catalog: catalog)
        try reader.rejectUnknownFields()
        let intent: QueryIntent
        switch name {
        case "daily_summary":
            intent = .dailySummary(day: try reader.date("day"), timezone: try reader.timezone())
        case "range_summary":
            intent = .rangeSummary(try reader.range(maxDays: Limits.rangeSummaryDays), timezone: try reader.timezone())
        case "yesterday_summary":
            intent = .yesterdaySummary(timezone: try reader.timezone())
        case "metric_series":
            let metric = try reader.metric("metric")
            let bucket = try reader.bucket("bucket") ?? .day
            let range = try reader.range(maxDays: MetricSeries.maxDays(bucket), limitNote: "with bucket '\(bucket.rawValue)'")
            intent = .metricSeries(spec: metric, range: range, bucket: bucket, timezone: try reader.timezone())
        case "compare_ranges":
            let a = try reader.nestedRange("a", maxDays: Limits.rangeSummaryDays)
            let b = try reader.nestedRange("b", maxDays: Limits.rangeSummaryDays)
            intent = .compareRanges(a: a, b: b, metrics: try reader.metrics("metrics") ?? catalog.alwaysSummarised, timezone: try reader.timezone())
        case "workouts":
            intent = .workouts(try reader.range(maxDays: Limits.workoutRangeDays), type: try reader.activityType("type"), timezone: try reader.timezone())
        case "readiness", "anomalies", "records", "correlation":
            intent = try reader.judgement()
        default:
            intent = .sleepReport(try reader.range(maxDays: Limits.sleepReportDays), timezone: try reader.timezone())
        }
        return intent
    }

    /// `details.intents`: every intent with its fields, so the 400 itself says how to fix the body.
    static var intentList: [String: JSONValue] {
        ["allowed": .array(IntentSpec.all.map { .string($0.name) }),
         "intents": .object(Dictionary(uniqueKeysWithValues: IntentSpec.all.map { ($0.name, JSONValue.string($0.signature)) }))]
    }
}

/// Reads the fields of one intent's body, throwing 400s that name the field, the rule
/// and the intent's full signature.
struct IntentReader {
    let spec: IntentSpec
    let object: [String: JSONValue]
    /// Metric names resolve against it.
    let catalog: MetricCatalog

    func fail(_ field: String, _ message: String, rule: String, code: APIError.Code = .invalidParameters, extra: [String: JSONValue] = [:]) -> APIError {
        var details = extra
        details["intent"] = .string(spec.name)
        details["fields"] = .string(spec.signature)
        // Every wrong query is a 400, including rules a schema cannot state (order, range
        // length, an unknown timezone): an agent handles one status and reads `rule`.
        var error = APIError.invalidParameter(field, "\(message); \(spec.name) takes: \(spec.signature)", rule: rule, extra: details)
        error.code = code
        return error
    }

    func rejectUnknownFields() throws {
        for key in object.keys.sorted() where key != "intent" && spec.field(key) == nil {
            throw fail(key, "unknown field '\(key.prefix(60))' for intent \(spec.name)", rule: "unknown",
                       extra: ["allowed": .array((["intent"] + spec.fields.map(\.name)).map { .string($0) })])
        }
    }

    func string(_ path: String, _ value: JSONValue?, required: Bool) throws -> String? {
        guard let value, !(required && value.isNull) else {
            if required { throw missing(path) }
            return nil
        }
        guard let text = value.stringValue else {
            throw fail(path, "field '\(path)' must be a string (got \(value.typeName))", rule: "type")
        }
        return text
    }

    func missing(_ path: String) -> APIError { fail(path, "field '\(path)' is required", rule: "required") }

    func parseDate(_ path: String, _ value: JSONValue?) throws -> DayKey {
        guard let text = try string(path, value, required: true) else { throw missing(path) }
        guard let day = DayKey(text) else {
            throw fail(path, "field '\(path)' must be a real date YYYY-MM-DD (got '\(text.prefix(40))')", rule: "date")
        }
        return day
    }

    func date(_ name: String) throws -> DayKey { try parseDate(name, object[name]) }

    func timezone() throws -> String? {
        guard let zone = try string("timezone", object["timezone"], required: false) else { return nil }
        guard TimezoneName.isWellFormed(zone) else {
            throw fail("timezone", "field 'timezone' must be an IANA timezone name such as Europe/Berlin: letters, digits, _ + - and '/', at most \(TimezoneName.maxLength) characters (got '\(zone.prefix(64))')", rule: "pattern")
        }
        guard KnownTimeZones.contains(zone) else {
            throw fail("timezone", "field 'timezone' must be an IANA timezone such as Europe/Berlin or America/Los_Angeles (got '\(zone.prefix(64))')", rule: "timezone")
        }
        return zone
    }

    func checked(_ range: DayRange, fromPath: String, toPath: String, maxDays: Int, limitNote: String?) throws -> DayRange {
        guard range.from <= range.to else {
            throw fail(fromPath, "'\(fromPath)' (\(range.from)) must not be after '\(toPath)' (\(range.to))", rule: "order", code: .invalidDateRange)
        }
        guard range.days <= maxDays else {
            throw fail(toPath, "the range \(range.from)…\(range.to) spans \(range.days) days; at most \(maxDays) days are allowed\(limitNote.map { " " + $0 } ?? "")",
                       rule: "maxRange", code: .invalidDateRange, extra: ["maximum": .number(Double(maxDays))])
        }
        return range
    }

    func range(maxDays: Int, limitNote: String? = nil) throws -> DayRange {
        let range = DayRange(from: try parseDate("from", object["from"]), to: try parseDate("to", object["to"]))
        return try checked(range, fromPath: "from", toPath: "to", maxDays: maxDays, limitNote: limitNote)
    }

    func nestedRange(_ name: String, maxDays: Int) throws -> DayRange {
        guard let value = object[name], !value.isNull else { throw fail(name, "field '\(name)' is required: an object {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"}", rule: "required") }
        guard case .object(let inner) = value else {
            throw fail(name, "field '\(name)' must be an object {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"} (got \(value.typeName))", rule: "type")
        }
        for key in inner.keys.sorted() where key != "from" && key != "to" {
            throw fail("\(name).\(key.prefix(60))", "unknown field '\(name).\(key.prefix(60))'; a range has only 'from' and 'to'", rule: "unknown")
        }
        let range = DayRange(from: try parseDate("\(name).from", inner["from"]), to: try parseDate("\(name).to", inner["to"]))
        return try checked(range, fromPath: "\(name).from", toPath: "\(name).to", maxDays: maxDays, limitNote: nil)
    }

    var metricNames: String { catalog.metrics.map(\.rawValue).joined(separator: ", ") }

    func parseMetric(_ path: String, _ value: JSONValue) throws -> MetricSpec {
        guard let name = value.stringValue else { throw fail(path, "field '\(path)' must be a metric name string (got \(value.typeName)); metrics: \(metricNames)", rule: "type") }
        // Aliases resolve as on ingest: a client's own name for a metric works here too.
        guard let spec = catalog.resolve(name) else {
            throw fail(path, "unknown metric '\(name.prefix(64))' in '\(path)'; metrics: \(metricNames)", rule: "enum",
                       extra: ["allowed": .array(catalog.metrics.map { .string($0.rawValue) })])
        }
        return spec
    }

    func metric(_ name: String) throws -> MetricSpec {
        guard let value = object[name], !value.isNull else { throw fail(name, "field '\(name)' is required; metrics: \(metricNames)", rule: "required") }
        return try parseMetric(name, value)
    }

    func metrics(_ name: String) throws -> [MetricSpec]? {
        guard let value = object[name] else { return nil }
        guard let items = value.arrayValue else { throw fail(name, "field '\(name)' must be an array of metric names (got \(value.typeName)); metrics: \(metricNames)", rule: "type") }
        guard !items.isEmpty else { throw fail(name, "field '\(name)' must name at least one metric (or be left out for all); metrics: \(metricNames)", rule: "minItems") }
        var out: [MetricSpec] = []
        for (i, item) in items.enumerated() {
            let metric = try parseMetric("\(name)[\(i)]", item)
            guard !out.contains(metric) else { throw fail("\(name)[\(i)]", "metric '\(metric.metric)' is listed twice in '\(name)'", rule: "uniqueItems") }
            out.append(metric)
        }
        return out
    }

    func activityType(_ name: String) throws -> WorkoutActivityType? {
        // Left out means every type; null is not a type (the schema says string or integer).
        guard let value = object[name] else { return nil }
        let found: WorkoutActivityType?
        switch value {
        case .string(let text): found = WorkoutActivityType.resolve(text)
        case .number: found = value.int64Value.flatMap { Int(exactly: $0) }.flatMap(WorkoutActivityType.resolve(number:))
        default: throw fail(name, "field '\(name)' must be a workout activity type name or number (got \(value.typeName))", rule: "type")
        }
        guard let found else {
            throw fail(name, "field '\(name)' is not a HealthKit workout activity type; use a name such as running, walking, cycling, swimming, yoga, or its number", rule: "enum")
        }
        return found
    }

    func bucket(_ name: String) throws -> SeriesBucket? {
        guard let text = try string(name, object[name], required: false) else { return nil }
        guard let bucket = SeriesBucket(rawValue: text) else {
            throw fail(name, "field '\(name)' must be one of day, week, month (got '\(text.prefix(40))')", rule: "enum", extra: ["allowed": ["day", "week", "month"]])
        }
        return bucket
    }
}
