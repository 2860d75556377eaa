import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// `POST /health/hae`, `POST /health` and `POST /health/workouts`: Health Auto Export's
/// REST API automation, at its own path and at the paths servers it is migrated from use.
/// The body goes through ``HealthAutoExportAdapter`` into sample and workout drafts,
/// then through the same ingest pipeline (rules, error entries, one-transaction store)
/// as `/health/ingest`. HAE posts whole windows, so the body size limit applies, not
/// ingest's per-request sample count.
enum HealthAutoExportRoutes {
    static func routes() -> [Route] {
        [
            Route(.post, "/health/hae", scope: .ingest, operation: operation(id: "ingestHealthAutoExport", summary: "Ingest a Health Auto Export payload")) { context in
                try await ingest(context, workoutsOnly: false)
            },
            Route(.post, "/health", scope: .ingest, operation: operation(id: "ingestHealthAutoExportAtRoot", summary: "Ingest a Health Auto Export payload (the path servers migrated from use)")) { context in
                try await ingest(context, workoutsOnly: false)
            },
            Route(.post, "/health/workouts", scope: .ingest, operation: operation(id: "ingestHealthAutoExportWorkouts", summary: "Ingest Health Auto Export workouts", workoutsOnly: true)) { context in
                try await ingest(context, workoutsOnly: true)
            },
        ]
    }

    static func operation(id: String, summary: String, workoutsOnly: Bool = false) -> Operation {
        let what = workoutsOnly
            ? "Reads only the workouts of a Health Auto Export body (`data.workouts` or `workouts` at the root; HAE's \"Workouts\" automation), v1 and v2 export versions, into workout records (upserted by `id`, else by a key derived from type, source, start and end). Metrics in the body are ignored here; post them to `/health/hae`."
            : "Reads Health Auto Export's REST API body — `data.metrics[]` (quantities, Min/Avg/Max readings, blood pressure, sleep as aggregated nights, segments or per-stage metrics), `data.workouts[]` (v1 and v2), and every other array under `data`, stored raw — through the same sample and workout rules as `/health/ingest`."
        return Operation(
            id: id, summary: summary,
            description: """
            \(what) Samples carry no ids: each gets the shared derived key (metric, source, start, end), so a re-sent, overlapping window is `unchanged`. \
            Dates are `yyyy-MM-dd HH:mm:ss Z`, 12-hour clocks with AM/PM, or ISO 8601; the offset gives the sample's local day. \
            Counts are of samples (a blood pressure point is two, an aggregated sleep night up to six stage segments); `received` counts the wire elements. \
            200: all stored; 207: some elements rejected (each in `errors`, `field` naming the wire path such as `data.metrics[2].data[5].date`), the rest stored; \
            422: nothing valid (nothing stored); 400: malformed JSON or not an HAE body; 413: body over the size limit (there is no per-request sample cap: HAE posts whole windows).
            """,
            tags: ["ingest"],
            requestBody: Operation.Body(description: "A Health Auto Export REST API body.", schema: Schemas.ref("HealthAutoExportPayload"), example: Schemas.healthAutoExportExample),
            responses: [
                200: Operation.Response("Every element stored.", schema: Schemas.ref("HealthAutoExportResult")),
                207: Operation.Response("Some elements rejected (listed in `errors`); the others stored.", schema: Schemas.ref("HealthAutoExportResult")),
                400: Operation.Response("Malformed JSON or not a Health Auto Export body.", schema: Schemas.ref("Error")),
                413: Operation.Response("The body is over the size limit.", schema: Schemas.ref("Error")),
                415: Operation.Response("The body is not application/json.", schema: Schemas.ref("Error")),
                422: Operation.Response("No element was valid; nothing was stored. `details.errors` lists the problems (at most 1,000).", schema: Schemas.ref("Error")),
                507: .storageFull,
            ])
    }

    static func ingest(_ context: RequestContext, workoutsOnly: Bool) async throws -> HTTPResponse {
        try context.query.rejectUnknown(allowed: [])
        guard case .object(let root) = try context.jsonBody() else {
            throw APIError.invalidParameter("body", "the body must be a JSON object like {\"data\": {\"metrics\": [...], \"workouts\": [...]}}", rule: "type")
        }
        guard root["data"] != nil || root["workouts"] != nil else {
            throw APIError.invalidParameter("data", "the body needs 'data' (Health Auto Export's {\"metrics\": [...], \"workouts\": [...]}) or 'workouts'", rule: "required")
        }
        if let data = root["data"], data.objectValue == nil {
            throw APIError.invalidParameter("data", "'data' must be an object with 'metrics' and/or 'workouts' (got \(data.typeName))", rule: "type")
        }
        for (container, name) in [(root["data"]?["metrics"], "data.metrics"), (root["data"]?["workouts"], "data.workouts"), (root["workouts"], "workouts")] {
            if let container, !container.isNull, container.arrayValue == nil {
                throw APIError.invalidParameter(name, "'\(name)' must be an array (got \(container.typeName))", rule: "type")
            }
        }
        let payload = HealthAutoExportAdapter.read(root, workoutsOnly: workoutsOnly, catalog: context.services.catalog)

        // Points carry no ids: two at one instant (a meal's items) are two entries, keyed by their order.
        var pipeline = IngestPipeline(rules: SampleRules(catalog: context.services.catalog), clock: context.services.store.clock)
        pipeline.add(contentsOf: payload.elements)
        pipeline.countChecked(.healthAutoExport, in: context.services.metrics)
        try pipeline.requireSomethingValid(what: "\(payload.received) Health Auto Export elements", received: payload.received,
                                           entry: \.healthAutoExportEntry)
        let result = try await pipeline.store(in: context.services.store, client: .healthAutoExport, nowMs: context.services.clock.now())
        context.services.metrics?.ingest.stored(.healthAutoExport, result)
        let (outcome, stored) = (result.samples, result.records)
        let body: JSONValue = [
            "received": JSONValue(payload.received),
            "samples": JSONValue(payload.samples),
            "inserted": JSONValue(outcome.inserted),
            "updated": JSONValue(outcome.updated),
            "unchanged": JSONValue(outcome.unchanged),
            "deleted": JSONValue(0),
            "rejected": JSONValue(pipeline.rejected),
            "errors": .array(pipeline.issues.map(\.healthAutoExportEntry)),
            "affectedDays": .array(outcome.affected.keys.sorted().map { .string($0.description) }),
            "rawOnlyMetrics": .array(outcome.rawOnlyMetrics.sorted().map { .string($0.rawValue) }),
            "workoutsInserted": JSONValue(stored.workoutsInserted),
            "workoutsUpdated": JSONValue(stored.workoutsUpdated),
            "workoutsUnchanged": JSONValue(stored.workoutsUnchanged),
            "workoutsRejected": JSONValue(pipeline.rejectedByKind[.workout] ?? 0),
        ]
        return .json(body, status: pipeline.rejected == 0 ? .ok : .multiStatus)
    }
}

extension IngestIssue {
    /// The entry of Health Auto Export's `errors`: the member's full wire path
    /// (`data.metrics[2].data[5].date`; a metric's `name` and `units` on its entry), and
    /// for a sample the metric name it was sent under.
    var healthAutoExportEntry: JSONValue {
        var entry: [String: JSONValue] = ["field": .string(path), "code": .string(rule), "message": .string(message)]
        if kind == .sample, let metric { entry["metric"] = .string(metric) }
        return .object(entry)
    }
}
