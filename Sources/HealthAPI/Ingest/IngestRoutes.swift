import HTTPTransport
import HealthDomain
import HealthFormats
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
                        422: Operation.Response("No sample, workout or activity summary was valid; nothing was stored. `details.errors` lists the problems (at most 1,000).", schema: Schemas.ref("Error")),
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

        var pipeline = IngestPipeline(rules: SampleRules(catalog: context.services.catalog), clock: context.services.store.clock)
        pipeline.add(contentsOf: rawSamples.enumerated().map { NativeAdapter.sampleElement($1, index: $0) })
        pipeline.add(contentsOf: records.elements)
        pipeline.countChecked(.native, in: context.services.metrics)
        let what = records.received == 0 ? "\(rawSamples.count) samples" : "\(pipeline.received) samples, workouts and activity summaries"
        try pipeline.requireSomethingValid(deletions: deletedKeys.count, what: what, entry: \.nativeEntry)
        let result = try await pipeline.store(in: context.services.store, deletedKeys: deletedKeys, client: .native, nowMs: context.services.clock.now())
        context.services.metrics?.ingest.stored(.native, result)
        let (outcome, stored) = (result.samples, result.records)
        let rejectedSamples = pipeline.rejectedByKind[.sample] ?? 0
        let body: JSONValue = [
            "received": JSONValue(rawSamples.count),
            "inserted": JSONValue(outcome.inserted),
            "updated": JSONValue(outcome.updated),
            "unchanged": JSONValue(outcome.unchanged),
            "deleted": JSONValue(outcome.deleted),
            "rejected": JSONValue(rejectedSamples),
            "errors": .array(pipeline.issues.map(\.nativeEntry)),
            "affectedDays": .array(outcome.affected.keys.sorted().map { .string($0.description) }),
            "rawOnlyMetrics": .array(outcome.rawOnlyMetrics.sorted().map { .string($0.rawValue) }),
            "workoutsInserted": JSONValue(stored.workoutsInserted),
            "workoutsUpdated": JSONValue(stored.workoutsUpdated),
            "workoutsUnchanged": JSONValue(stored.workoutsUnchanged),
            "workoutsRejected": JSONValue(pipeline.rejectedByKind[.workout] ?? 0),
            "activitySummariesUpserted": JSONValue(stored.activitySummariesUpserted),
            "activitySummariesUnchanged": JSONValue(stored.activitySummariesUnchanged),
            "activitySummariesRejected": JSONValue(pipeline.rejectedByKind[.activitySummary] ?? 0),
            "dayTotalsUpserted": JSONValue(stored.dayTotalsUpserted),
            "dayTotalsUnchanged": JSONValue(stored.dayTotalsUnchanged),
        ]
        return .json(body, status: pipeline.rejected > 0 ? .multiStatus : .ok)
    }
}

extension IngestIssue {
    /// The entry of `/health/ingest`'s `errors`: a sample's names its member and carries
    /// the `sampleKey` sent; a workout's or rings' names array, index and member
    /// (`workouts[2].distance`) and carries the `workoutKey` or `day` sent.
    var nativeEntry: JSONValue {
        var entry: [String: JSONValue] = ["index": JSONValue(index), "code": .string(rule), "message": .string(message)]
        switch kind {
        case .sample:
            entry["field"] = .string(field)
            entry["sampleKey"] = key.map { .string($0) } ?? .null
        case .workout:
            entry["field"] = .string(path)
            entry["workoutKey"] = key.map { .string($0) } ?? .null
        case .activitySummary:
            entry["field"] = .string(path)
            entry["day"] = key.map { .string($0) } ?? .null
        }
        return .object(entry)
    }
}
