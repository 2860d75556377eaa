import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// `POST /api/v1/observations/batch`: observations coded by biosignal slug and LOINC, as
/// an SDK that syncs HealthKit that way posts them. Each goes through
/// ``ObservationAdapter`` into a sample draft, then through the same ingest pipeline
/// (rules, error entries, one-transaction store) as every other ingest path.
enum ObservationRoutes {
    /// Observations one batch may carry.
    static let maxObservations = 1_000

    static func routes() -> [Route] {
        [
            Route(.post, "/api/v1/observations/batch", scope: .ingest,
                  operation: Operation(
                    id: "postObservationBatch", summary: "Upsert a batch of observations (biosignal slug / LOINC)",
                    description: """
                    Stores up to 1,000 observations. The metric comes from `metadata.hk_type` (either spelling), a blood pressure LOINC code \
                    (8480-6 systolic, 8462-4 diastolic), `biosignal_slug` or `loinc_code`, in that order; the source from `metadata.hk_source` \
                    (or `hk_device`), else `source_slug`. Times are UTC; the local day comes from `--timezone`, else the zone summaries fall back to. \
                    Dedupe key (user, biosignal, source, effective time, resolution, LOINC): a re-sent observation is a no-op, a changed value an update. \
                    201: nothing failed (`created` counts new observations only, so a re-sent batch is 201 with `created: 0`); \
                    207: some or all failed (`errors[].index`, `errors[].error`), the rest stored; 403: an `xuser_id` is not this server's user \
                    (`GET /info` gives it), nothing stored; 413: more than 1,000 observations.
                    """,
                    tags: ["ingest"],
                    requestBody: Operation.Body(description: "The observations.", schema: Schemas.ref("ObservationBatch"), example: Schemas.observationBatchExample),
                    responses: [
                        201: Operation.Response("Every observation stored (or already stored).", schema: Schemas.ref("ObservationBatchResult")),
                        207: Operation.Response("Some or all observations failed (listed in `errors`); the others stored.", schema: Schemas.ref("ObservationBatchResult")),
                        400: Operation.Response("Malformed JSON, or not `{\"observations\": [...]}`.", schema: Schemas.ref("Error")),
                        403: Operation.Response("An `xuser_id` is not this server's user (`FORBIDDEN`); nothing was stored.", schema: Schemas.ref("Error")),
                        413: Operation.Response("More than 1,000 observations, or the body is over the size limit.", schema: Schemas.ref("Error")),
                        507: .storageFull,
                    ])) { context in
                try await batch(context)
            },
        ]
    }

    static func batch(_ context: RequestContext) async throws -> HTTPResponse {
        try context.query.rejectUnknown(allowed: [])
        guard case .object(let root) = try context.jsonBody() else {
            throw APIError.invalidParameter("body", "the body must be a JSON object like {\"observations\": [...]}", rule: "type")
        }
        for key in root.keys.sorted() where key != "observations" {
            throw APIError.invalidParameter(key, "unknown field '\(key)'; allowed: observations", rule: "unknown")
        }
        guard case .array(let observations)? = root["observations"] else {
            throw APIError.invalidParameter("observations", "'observations' (an array of observations) is required", rule: root["observations"] == nil ? "required" : "type")
        }
        guard observations.count <= maxObservations else {
            throw APIError.payloadTooLarge("at most \(maxObservations) observations per batch (got \(observations.count)); split the batch", limit: maxObservations)
        }
        if let index = observations.firstIndex(where: { $0.objectValue == nil }) {
            throw APIError.invalidParameter("observations[\(index)]", "each observation must be a JSON object (got \(observations[index].typeName) at index \(index))", rule: "type")
        }
        for (index, observation) in observations.enumerated() { try checkTypes(observation, index: index) }
        let services = context.services
        // Another user's observation refuses the whole batch before anything is stored.
        let user = try await services.user.id()
        for (index, observation) in observations.enumerated() {
            if let sent = ObservationAdapter.userID(observation), sent.lowercased() != user {
                throw APIError(status: .forbidden, code: .forbidden,
                               message: "xuser_id at index \(index) is not this server's user; nothing was stored (GET /info gives the user id)",
                               details: ["field": .string("observations[\(index)].xuser_id"), "rule": "own_user", "index": .number(Double(index))])
            }
        }
        let serverDefault = services.config.defaultTimezone
        let zone = try await services.store.read { reader in try SummaryZone.resolve(requested: nil, serverDefault: serverDefault, reader: reader).name }
        let adapter = ObservationAdapter(catalog: services.catalog, timezone: zone)
        // Observations carry no ids: two with the same key fields are two entries, keyed by
        // their order, so the batch sent again changes nothing.
        var pipeline = IngestPipeline(rules: SampleRules(catalog: services.catalog), clock: services.store.clock)
        pipeline.add(contentsOf: observations.enumerated().map { adapter.element($1, index: $0) })
        pipeline.countChecked(.observations, in: services.metrics)
        var created = 0
        if pipeline.accepted > 0 {
            let result = try await pipeline.store(in: services.store, client: .observations, nowMs: services.clock.now())
            services.metrics?.ingest.stored(.observations, result)
            created = result.samples.inserted
        }
        // The contract fixes one entry per failed observation, all of its problems in one
        // sentence; all failed is a 207 too (the contract has no 422).
        let errors: [JSONValue] = pipeline.rejections.map { rejection in
            let messages = pipeline.issues(of: rejection).map(\.message)
            let error = messages.isEmpty ? "rejected (its problems are beyond the first \(IngestPipeline.maxIssues) of the batch)" : messages.joined(separator: "; ")
            return ["index": JSONValue(rejection.index), "error": .string(error)]
        }
        return .json(["created": JSONValue(created), "errors": .array(errors)], status: errors.isEmpty ? .created : .multiStatus)
    }

    /// The members the schema types: a wrong type (null included) is a 400 naming it, as
    /// the published schema says; anything else wrong is that observation's error.
    static let memberTypes: [(name: String, expected: String, fits: @Sendable (JSONValue) -> Bool)] = [
        ("xuser_id", "a string", { $0.stringValue != nil }),
        ("biosignal_slug", "a string", { $0.stringValue != nil }),
        ("loinc_code", "a string", { $0.stringValue != nil }),
        ("effective_datetime", "a string", { $0.stringValue != nil }),
        ("value_quantity", "a number or a string", { $0.stringValue != nil || $0.doubleValue != nil }),
        ("value_unit", "a string", { $0.stringValue != nil }),
        ("source_slug", "a string", { $0.stringValue != nil }),
        ("metadata", "an object", { $0.objectValue != nil }),
    ]

    static func checkTypes(_ observation: JSONValue, index: Int) throws {
        for member in memberTypes {
            guard let value = observation[member.name], !member.fits(value) else { continue }
            throw APIError.invalidParameter("observations[\(index)].\(member.name)", "'\(member.name)' must be \(member.expected) (got \(value.typeName) at index \(index))", rule: "type")
        }
    }
}
