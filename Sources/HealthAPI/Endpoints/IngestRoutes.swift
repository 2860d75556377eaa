import HTTPTransport
import HealthDomain
import JSON
import HealthStore

/// `POST /health/ingest`: upsert samples by `sampleKey`, apply deletions, recompute days.
enum IngestRoutes {
    static let allowedFields: Set<String> = ["samples", "deletedSampleKeys", "workouts", "activitySummaries"]

    static func routes() -> [Route] {
        [
            Route(.post, "/health/ingest", scope: .ingest,
                  operation: Operation(
                    id: "ingestSamples", summary: "Upsert raw samples and recompute their days",
                    description: """
                    Upserts samples by `sampleKey` (a re-sent identical sample is `unchanged` and rewrites nothing; a changed one is `updated`), \
                    deletes `deletedSampleKeys`, and recomputes exactly the (day, metric) aggregates they touch; upserts `workouts` by `workoutKey` \
                    and `activitySummaries` by day (never part of day aggregates) — all in one transaction. \
                    Unknown metric names are stored raw and listed in `rawOnlyMetrics`. 200: all stored; 207: some samples, workouts or activity summaries rejected \
                    (each problem in `errors`), the rest stored; 422: nothing valid (nothing stored); 400: malformed JSON or wrong shape; \
                    413: more than 10,000 samples, 10,000 deleted keys, 1,000 workouts or 10,000 activity summaries, or a body over the limit.
                    """,
                    tags: ["ingest"],
                    requestBody: Operation.Body(description: "Samples in the ingest shape, optional deletions, workouts and activity summaries.", schema: Schemas.ref("IngestRequest"), example: Schemas.ingestExample),
                    responses: [
                        200: Operation.Response("Every sample stored.", schema: Schemas.ref("IngestResult")),
                        207: Operation.Response("Some samples, workouts or activity summaries rejected (listed in `errors`); the others stored.", schema: Schemas.ref("IngestResult")),
                        400: Operation.Response("Malformed JSON or wrong shape.", schema: Schemas.ref("Error")),
                        413: Operation.Response("More than 10,000 samples, 10,000 deleted keys, 1,000 workouts or 10,000 activity summaries, or the body is over the size limit.", schema: Schemas.ref("Error")),
                        415: Operation.Response("The body is not application/json.", schema: Schemas.ref("Error")),
                        422: Operation.Response("No sample, workout or activity summary was valid; nothing was stored. `details.errors` lists every problem.", schema: Schemas.ref("Error")),
                        507: .storageFull,
                    ])) { context in
                try await ingest(context)
            },
        ]
    }

    static func ingest(_ context: RequestContext) async throws -> HTTPResponse {
        try context.query.rejectUnknown(allowed: [])
        guard case .object(let root) = try context.jsonBody() else {
            throw APIError.invalidParameter("body", "the body must be a JSON object like {\"samples\": [...]}", rule: "type")
        }
        for key in root.keys.sorted() where !allowedFields.contains(key) {
            throw APIError.invalidParameter(key, "unknown field '\(key)'; allowed: \(allowedFields.sorted().joined(separator: ", "))", rule: "unknown")
        }
        guard allowedFields.contains(where: { root[$0] != nil }) else {
            throw APIError.invalidParameter("samples", "the body needs 'samples' (an array of samples), 'deletedSampleKeys', 'workouts' and/or 'activitySummaries'", rule: "required")
        }
        let rawSamples: [JSONValue]
        switch root["samples"] {
        case nil: rawSamples = []
        case .array(let items)?:
            // The document promises an array of objects; what is inside each object is checked per sample.
            if let index = items.firstIndex(where: { $0.objectValue == nil }) {
                throw APIError.invalidParameter("samples[\(index)]", "each sample must be a JSON object (got \(items[index].typeName) at index \(index))", rule: "type")
            }
            rawSamples = items
        case let other?: throw APIError.invalidParameter("samples", "'samples' must be an array (got \(other.typeName))", rule: "type")
        }
        var deletedKeys: [String] = []
        switch root["deletedSampleKeys"] {
        case nil: break
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                guard case .string(let key) = item, (1...256).contains(key.count) else {
                    throw APIError.invalidParameter("deletedSampleKeys[\(index)]", "each deleted sample key must be a string of 1–256 characters", rule: "type")
                }
                deletedKeys.append(key)
            }
        case let other?: throw APIError.invalidParameter("deletedSampleKeys", "'deletedSampleKeys' must be an array of strings (got \(other.typeName))", rule: "type")
        }
        // Each array on its own, as the schema's maxItems says.
        guard rawSamples.count <= Limits.samplesPerIngest, deletedKeys.count <= Limits.samplesPerIngest else {
            throw APIError.payloadTooLarge("at most \(Limits.samplesPerIngest) samples and \(Limits.samplesPerIngest) deleted sample keys per request (got \(rawSamples.count) and \(deletedKeys.count)); split the batch", limit: Limits.samplesPerIngest)
        }

        let records = try RecordBatch.read(root)

        var valid: [Sample] = []
        valid.reserveCapacity(rawSamples.count)
        var errors: [JSONValue] = []
        var rejected = 0
        // Every element passes the one set of sample rules, over the server's metric table.
        let rules = SampleRules(catalog: context.services.catalog)
        var dayTotals: [DayTotal] = []
        for (index, raw) in rawSamples.enumerated() {
            let issues: [ValidationIssue]
            // `"aggregation": "day_total"` marks a total HealthKit's statistics computed for a day.
            if raw["aggregation"]?.stringValue == "day_total" {
                let (total, found) = dayTotal(raw, rules: rules, clock: context.services.store.clock)
                if let total { dayTotals.append(total) }
                issues = found
            } else {
                switch SampleValidator.validate(raw, rules: rules) {
                case .valid(let sample): valid.append(sample); issues = []
                case .invalid(let found): issues = found
                }
            }
            guard !issues.isEmpty else { continue }
            rejected += 1
            let key: JSONValue = raw["sampleKey"]?.stringValue.map { .string(String($0.prefix(256))) } ?? .null
            for issue in issues {
                errors.append(["index": .number(Double(index)), "sampleKey": key, "field": .string(issue.field), "code": .string(issue.code), "message": .string(issue.message)])
            }
        }
        let checked = records.validate()
        errors += checked.errors
        let received = rawSamples.count + records.received
        if valid.isEmpty, dayTotals.isEmpty, checked.isEmpty, received > 0, deletedKeys.isEmpty {
            let what = records.received == 0 ? "\(rawSamples.count) samples" : "\(received) samples, workouts and activity summaries"
            throw APIError(status: .unprocessableContent, code: .validationFailed,
                           message: "none of the \(what) is valid; nothing was stored (see details.errors)",
                           details: ["received": .number(Double(received)), "rejected": .number(Double(rejected + checked.rejected)), "errors": .array(Array(errors.prefix(1000)))])
        }
        let (outcome, stored) = try await context.services.store.ingest(valid, deletedKeys: deletedKeys, workouts: checked.workouts,
                                                                         activitySummaries: checked.activitySummaries, dayTotals: dayTotals, client: .native,
                                                                         nowMs: context.services.clock.now())
        var body: JSONValue = [
            "received": .number(Double(rawSamples.count)),
            "inserted": .number(Double(outcome.inserted)),
            "updated": .number(Double(outcome.updated)),
            "unchanged": .number(Double(outcome.unchanged)),
            "deleted": .number(Double(outcome.deleted)),
            "rejected": .number(Double(rejected)),
            "errors": .array(errors),
            "affectedDays": .array(outcome.affected.keys.sorted().map { .string($0.description) }),
            "rawOnlyMetrics": .array(outcome.rawOnlyMetrics.sorted().map { .string($0.rawValue) }),
        ]
        checked.describe(stored, in: &body)
        if case .object(var members) = body {
            members["dayTotalsUpserted"] = .number(Double(stored.dayTotalsUpserted))
            members["dayTotalsUnchanged"] = .number(Double(stored.dayTotalsUnchanged))
            body = .object(members)
        }
        return .json(body, status: rejected + checked.rejected > 0 ? .multiStatus : .ok)
    }

    /// A sample element marked as a day total: the native draft, an optional `localDate`
    /// (YYYY-MM-DD), and the sample rules.
    static func dayTotal(_ raw: JSONValue, rules: SampleRules, clock: ZoneClock) -> (DayTotal?, [ValidationIssue]) {
        var localDate: DayKey?
        if let value = raw["localDate"], !value.isNull {
            guard let text = value.stringValue, let day = DayKey(text) else {
                return (nil, [ValidationIssue(field: "localDate", code: "format", message: "localDate must be a date YYYY-MM-DD")])
            }
            localDate = day
        }
        return rules.dayTotal(SampleValidator.draft(raw), localDate: localDate, clock: clock)
    }
}
