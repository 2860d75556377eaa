import Foundation
import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// `GET /health/daily` and `GET /health/raw`.
enum ReadRoutes {
    static func routes() -> [Route] {
        [
            Route(.get, "/health/daily", scope: .read,
                  operation: Operation(
                    id: "getDailyAggregates", summary: "Day aggregates for a date range",
                    description: "Derived day numbers from `from` to `to` inclusive (at most 3,660 days), ascending by `dayKey`, of every metric or of `metric` only. Days without data are absent — never reported as zeros. Source names are shown as the samples spelled them; spellings that differ only in apostrophes or spaces are one source, shown as its most recent sample of the day spelled it. Each aggregate and each day says `settling`: `provisional` while its local day (in `timezone`) has not ended or a sample for it arrived in the last 2 hours (a night: its last segment ended under 45 minutes ago or a segment arrived in the last 20), else `settled`; `revisedAtMs` is when a later change arrived for it after it had settled (null if never).",
                    tags: ["read"],
                    parameters: [
                        .init("from", in: .query, required: true, description: "First local date, YYYY-MM-DD.", schema: IntentSpec.schema(for: .date, description: "Local date.")),
                        .init("to", in: .query, required: true, description: "Last local date (inclusive), YYYY-MM-DD; at most 3,659 days after from.", schema: IntentSpec.schema(for: .date, description: "Local date.")),
                        .init("metric", in: .query, description: "Only this metric: a canonical name, or an alias the catalog lists (heart_rate for heart_rate_bpm), as on ingest.",
                              schema: IntentSpec.schema(for: .metric, description: "A canonical metric (aliases are accepted too).")),
                        .init("timezone", in: .query, description: "IANA timezone in which a day ends, for `settling`. Default: the server's, else the most recent sample's, else UTC. A well-formed name the server does not know is a 422.",
                              schema: TimezoneName.schema(description: "IANA timezone.")),
                    ],
                    responses: [
                        200: Operation.Response("The days with data.", schema: Schemas.ref("DailyAggregates")),
                        400: Operation.Response("A missing or malformed date, a metric the catalog does not know, or an unknown query parameter.", schema: Schemas.ref("Error")),
                        422: Operation.Response("`from` is after `to`, or the range spans more than 3,660 days (code INVALID_DATE_RANGE), or `timezone` is not one the server knows.", schema: Schemas.ref("Error")),
                    ])) { context in
                try await daily(context)
            },
            Route(.get, "/health/raw", scope: .read,
                  operation: Operation(
                    id: "getRawSamples", summary: "Raw samples of one metric, paginated",
                    description: "Samples of `metric` with `fromMs` ≤ startTimeMs < `toMs`, ascending by (startTimeMs, sampleKey), in the ingest shape. Pass `nextCursor` back as `cursor` for the next page; it is null on the last page. Walking all pages returns every matching sample exactly once.",
                    tags: ["read"],
                    parameters: [
                        .init("metric", in: .query, required: true, description: "Metric name, e.g. step_count. An alias the catalog lists (heart_rate, HKQuantityTypeIdentifierHeartRate) finds the samples of its canonical metric, under which ingest stored them; answers and cursors name the canonical metric.", schema: ["type": "string", "pattern": "^[a-z][a-z0-9_]{0,63}$"]),
                        .init("fromMs", in: .query, description: "Earliest start time, Unix epoch milliseconds (inclusive), years 1–9999. Default: the beginning.", schema: rawTimeBoundSchema),
                        .init("toMs", in: .query, description: "Latest start time, Unix epoch milliseconds (exclusive), years 1–9999. Default: no bound.", schema: rawTimeBoundSchema),
                        .init("limit", in: .query, description: "Page size, 1–1000 (default 100).", schema: ["type": "integer", "minimum": 1, "maximum": .number(Double(Limits.rawPageMax)), "default": .number(Double(Limits.rawPageDefault))]),
                        .init("cursor", in: .query, description: "The `nextCursor` of the previous page, unchanged.", schema: CursorText.schema),
                    ],
                    responses: [
                        200: Operation.Response("A page of samples.", schema: Schemas.ref("RawSamplePage")),
                        400: Operation.Response("A missing or malformed parameter, or an unknown query parameter.", schema: Schemas.ref("Error")),
                        422: Operation.Response("`fromMs` is after `toMs`, or `cursor` is not one this query (same metric) returned.", schema: Schemas.ref("Error")),
                    ])) { context in
                try await raw(context)
            },
        ]
    }

    /// The instants `fromMs`/`toMs` may name: 0001-01-01 to 9999-12-31, in epoch milliseconds.
    static let rawTimeBound: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999
    static let rawTimeBoundSchema: JSONValue = ["type": "integer", "minimum": .number(Double(rawTimeBound.lowerBound)), "maximum": .number(Double(rawTimeBound.upperBound))]

    static func parseDay(_ query: QueryParameters, _ name: String) throws -> DayKey {
        let text = try query.requiredString(name)
        guard let day = DayKey(text) else {
            throw APIError.invalidParameter(name, "'\(name)' must be a date YYYY-MM-DD (got '\(text.prefix(40))')", rule: "date")
        }
        return day
    }

    static func daily(_ context: RequestContext) async throws -> HTTPResponse {
        let query = context.query
        try query.rejectUnknown(allowed: ["from", "to", "metric", "timezone"])
        let from = try parseDay(query, "from")
        let to = try parseDay(query, "to")
        guard from <= to else {
            throw APIError(status: .unprocessableContent, code: .invalidDateRange, message: "'from' (\(from)) must not be after 'to' (\(to))", details: ["field": "from", "rule": "order"])
        }
        guard to.ordinal - from.ordinal + 1 <= Limits.dailyAggregateDays else {
            throw APIError(status: .unprocessableContent, code: .invalidDateRange, message: "the range may span at most \(Limits.dailyAggregateDays) days (got \(to.ordinal - from.ordinal + 1))",
                           details: ["field": "to", "rule": "maxRange", "maximum": .number(Double(Limits.dailyAggregateDays))])
        }
        var only: Metric?
        if let name = try query.string("metric") {
            let catalog = context.services.catalog
            guard let spec = catalog.resolve(name) else {
                throw APIError.invalidParameter("metric", "unknown metric '\(name.prefix(64))': 'metric' takes a metric with day values, by canonical name or alias; metrics: \(catalog.metrics.map(\.rawValue).joined(separator: ", "))",
                                                rule: "enum", extra: ["allowed": .array(catalog.metrics.map { .string($0.rawValue) })])
            }
            only = spec.metric
        }
        let requestedZone = try DailySettling.timezone(query)
        let metric = only
        let services = context.services
        let nowMs = services.clock.now()
        let (zone, rows) = try await services.store.read { reader in
            (try SummaryZone.resolve(requested: requestedZone, serverDefault: services.config.defaultTimezone, reader: reader),
             try reader.dailyRows(from: from, to: to, metric: metric))
        }
        let settling = DailySettling(rule: SettlingRule(zone: zone.name, nowMs: nowMs), catalog: services.catalog)
        var days: [JSONValue] = []
        var current: DailySettling.Day?
        for row in rows {
            if current?.ordinal != row.day {
                if let current { days.append(current.json) }
                current = DailySettling.Day(ordinal: row.day)
            }
            current?.add(row, aggregate: try storedAggregate(day: row.day, metric: row.metric, data: row.data, catalog: services.catalog),
                         settling: settling)
        }
        if let current { days.append(current.json) }
        return .json(["from": .string(from.description), "to": .string(to.description), "timezone": .string(zone.name),
                      "timezoneSource": .string(zone.origin.rawValue), "days": .array(days)])
    }

    /// A stored aggregate as JSON, after checking that it decodes as its kind writes it:
    /// a damaged row stops the answer (``UnreadableAggregate``) instead of showing as null.
    static func storedAggregate(day: Int, metric name: String, data: String, catalog: MetricCatalog) throws -> JSONValue {
        let metric = Metric(rawValue: name)
        do {
            let json = try JSONParser.parse(Array(data.utf8))
            if let kind = catalog.kind(of: metric) { _ = try DayAggregate(json: json, kind: kind) }
            return json
        } catch {
            throw UnreadableAggregate(day: DayKey(ordinal: day), metric: metric, reason: String(describing: error))
        }
    }

    static func raw(_ context: RequestContext) async throws -> HTTPResponse {
        let query = context.query
        try query.rejectUnknown(allowed: ["metric", "fromMs", "toMs", "limit", "cursor"])
        // Resolved as on ingest, so an alias finds what ingest stored under the canonical name.
        guard let metric = context.services.catalog.metric(named: try query.requiredString("metric")) else {
            throw APIError.invalidParameter("metric", "'metric' must be a metric name like step_count (lowercase letters, digits, underscores) or an alias the catalog lists", rule: "pattern")
        }
        let metricName = metric.rawValue
        let bound = rawTimeBound
        let fromMs = try query.int("fromMs", in: bound) ?? bound.lowerBound
        let toMs = try query.int("toMs", in: bound) ?? bound.upperBound
        guard fromMs <= toMs else {
            throw APIError(status: .unprocessableContent, code: .invalidDateRange, message: "'fromMs' must not be after 'toMs'", details: ["field": "fromMs", "rule": "order"])
        }
        let limit = Int(try query.int("limit", in: 1...Limits.rawPageMax) ?? Limits.rawPageDefault)
        var after: RawCursor?
        if let text = try query.string("cursor") {
            try CursorText.requireWellFormed(text)
            guard let cursor = RawCursor(encoded: text), context.services.catalog.metric(named: cursor.metric) == metric else {
                throw APIError.unprocessable("cursor", "'cursor' is not a cursor this query returned; pass nextCursor back unchanged with the same metric", rule: "cursor")
            }
            after = cursor
        }
        let page = try await context.services.store.rawPage(metric: metric, fromMs: fromMs, toMs: toMs, after: after.map { ($0.startMs, $0.sampleKey) }, limit: limit)
        let next: JSONValue = page.hasMore ? page.samples.last.map { .string(RawCursor(metric: metricName, startMs: $0.startTimeMs, sampleKey: $0.sampleKey).encoded) } ?? .null : .null
        return .json(["samples": .array(page.samples.map(\.json)), "nextCursor": next])
    }
}

/// The opaque keyset cursor of `/health/raw`: the last (start, key) returned, for one metric.
struct RawCursor: Equatable {
    var metric: String
    var startMs: Int64
    var sampleKey: String

    var encoded: String {
        let text = "1\n\(metric)\n\(startMs)\n\(sampleKey)"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    init(metric: String, startMs: Int64, sampleKey: String) {
        self.metric = metric
        self.startMs = startMs
        self.sampleKey = sampleKey
    }

    init?(encoded: String) {
        guard encoded.count <= 2048 else { return nil }
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "1", let start = Int64(parts[2]), !parts[3].isEmpty else { return nil }
        self.init(metric: String(parts[1]), startMs: start, sampleKey: String(parts[3]))
    }
}
