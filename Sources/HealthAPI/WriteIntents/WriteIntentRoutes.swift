import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// The write-intent queue: scripts and agents post entries, the phone pulls what is due,
/// writes it into HealthKit (sync identifier = externalId, sync version = version) and
/// acknowledges; the written sample syncing back through ingest reconciles the intent.
enum WriteIntentRoutes {

    static let healthKitRule = """
    Write each intent with HealthKit metadata HKMetadataKeySyncIdentifier = externalId and HKMetadataKeySyncVersion = version: \
    HealthKit then replaces rather than duplicates a sample written twice, so a repeated apply is harmless.
    """

    static func routes() -> [Route] {
        let limit = Operation.Parameter("limit", in: .query, description: "Page size, 1–500 (default 100).", schema: ["type": "integer", "minimum": 1, "maximum": .number(Double(Limits.intentPageMax)), "default": .number(Double(Limits.intentPageDefault))])
        let cursor = Operation.Parameter("cursor", in: .query, description: "The `nextCursor` of the previous page, unchanged.", schema: CursorText.schema)
        let externalId = Operation.Parameter("externalId", in: .path, required: true, description: "The intent's externalId (`pending` and `ack` are the names of other routes, never an externalId).",
                                             schema: ["type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[A-Za-z0-9._:@~+-]{1,200}$"])
        let badCursor = Operation.Response("`cursor` is well-formed but not one this listing (with the same filters) returned.", schema: Schemas.ref("Error"))
        let error = Schemas.ref("Error")
        return [
            Route(.post, "/health/write-intents", scope: .intents,
                  operation: Operation(
                    id: "upsertWriteIntent", summary: "Queue a HealthKit write (upsert by externalId)",
                    description: """
                    Queues a value for the iPhone to write into HealthKit; writable metrics: dietary_energy_kcal, body_mass_kg, body_fat_percent. \
                    Upserts by `externalId`: the same body again returns the stored intent unchanged (`outcome: unchanged`); a changed body \
                    before the intent was written replaces it and increments `version` (`outcome: updated`); a changed body after it was \
                    applied, reconciled or skipped is 409. Always 200 on success, also on creation (`outcome: created`), so retries are safe. \
                    \(healthKitRule)
                    """,
                    tags: ["write-intents"],
                    requestBody: Operation.Body(description: "One intent.", schema: Schemas.ref("WriteIntentRequest"), example: Schemas.writeIntentExample),
                    responses: [
                        200: Operation.Response("The stored intent and what the upsert did.", schema: Schemas.ref("WriteIntentUpsertResult"), links: [
                            "GetWriteIntent": .init(operationID: "getWriteIntent", parameters: ["externalId": "$response.body#/intent/externalId"],
                                                    description: "The intent with its history."),
                            "CancelWriteIntent": .init(operationID: "cancelWriteIntent", parameters: ["externalId": "$response.body#/intent/externalId"],
                                                       description: "Cancel the intent while it is not yet applied."),
                        ]),
                        400: Operation.Response("A missing, unknown or malformed field (`details.field`, `details.rule`).", schema: error),
                        409: Operation.Response("The intent was already written; its content can no longer change.", schema: error),
                        422: Operation.Response("A rule the schema cannot state: a unit the metric does not take, a value outside the metric's plausible range, endTimeMs before startTimeMs or more than 24 h after it, a timezone the server does not know.", schema: error),
                        415: Operation.Response("The body is not application/json.", schema: error),
                        507: .storageFull,
                    ])) { context in
                try await upsert(context)
            },
            Route(.get, "/health/write-intents/pending", scope: .ingest,
                  operation: Operation(
                    id: "listPendingWriteIntents", summary: "Intents due for the phone to apply",
                    description: """
                    Intents never acknowledged for their current version, and failed ones whose `nextRetryAt` has passed, oldest first. \
                    Reading changes nothing. Walk pages with `cursor` = `nextCursor` until it is null; every due intent appears exactly once. \
                    \(healthKitRule) Then acknowledge each with POST /health/write-intents/ack, passing its `version` (and `attempts` as `attempt`).
                    """,
                    tags: ["write-intents"], parameters: [limit, cursor],
                    responses: [
                        200: Operation.Response("A page of due intents.", schema: Schemas.ref("WriteIntentPage")),
                        400: Operation.Response("A malformed limit or cursor, or an unknown query parameter.", schema: error),
                        422: badCursor,
                    ])) { context in
                try await pending(context)
            },
            Route(.post, "/health/write-intents/ack", scope: .ingest,
                  operation: Operation(
                    id: "acknowledgeWriteIntents", summary: "Report what the phone did with pulled intents",
                    description: """
                    A batch of up to 500 acks, applied in order in one transaction, each answered in `results`. `applied` (with the new \
                    sample's `healthKitUUID`) and `skipped` are final. `failed` with `retryable` (default true) schedules the next try after a \
                    capped exponential backoff with full jitter; after the maximum attempts, or when `retryable` is false, the intent is `dead`. \
                    An ack for an older version is refused (`stale_version`) and the newer version stays pending; repeating an ack changes \
                    nothing (`duplicate`). 200 when every item was accepted or a duplicate, 207 when some were refused.
                    """,
                    tags: ["write-intents"],
                    requestBody: Operation.Body(description: "The acks.", schema: Schemas.ref("WriteIntentAckRequest"), example: Schemas.writeIntentAckExample),
                    responses: [
                        200: Operation.Response("Every ack accepted (or already recorded).", schema: Schemas.ref("WriteIntentAckResult")),
                        207: Operation.Response("Some acks refused; see each item's `outcome`.", schema: Schemas.ref("WriteIntentAckResult")),
                        400: Operation.Response("The body is not `{\"acks\": [...]}`.", schema: error),
                        413: Operation.Response("More than 500 acks.", schema: error),
                        507: .storageFull,
                    ])) { context in
                try await acknowledge(context)
            },
            Route(.get, "/health/write-intents", scope: .read,
                  operation: Operation(
                    id: "listWriteIntents", summary: "All write intents, optionally by status",
                    description: "Every intent (or those with `status`), oldest first, with attempts, last error and timestamps. Paginate with `cursor`.",
                    tags: ["write-intents"],
                    parameters: [
                        .init("status", in: .query, description: "Only intents in this status.", schema: ["type": "string", "enum": .array(IntentStatus.allCases.map { .string($0.rawValue) })]),
                        limit, cursor,
                    ],
                    responses: [
                        200: Operation.Response("A page of intents.", schema: Schemas.ref("WriteIntentPage")),
                        400: Operation.Response("A malformed status, limit or cursor, or an unknown query parameter.", schema: error),
                        422: badCursor,
                    ])) { context in
                try await list(context)
            },
            Route(.get, "/health/write-intents/{externalId}", scope: .read,
                  operation: Operation(
                    id: "getWriteIntent", summary: "One write intent with its history",
                    description: "The intent and its history: every upsert, ack, cancellation and reconciliation, oldest first (the latest 200).",
                    tags: ["write-intents"], parameters: [externalId],
                    responses: [
                        200: Operation.Response("The intent.", schema: Schemas.ref("WriteIntentDetail")),
                        400: Operation.Response("The externalId is malformed, or a query parameter was given.", schema: error),
                        404: Operation.Response("No intent has this externalId.", schema: error),
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let (intent, events) = try await context.services.intents.intent(externalId: try pathExternalId(context))
                return .json(["intent": intent.json, "history": .array(events.map(\.json))])
            },
            Route(.post, "/health/write-intents/{externalId}/cancel", scope: .intents,
                  operation: Operation(
                    id: "cancelWriteIntent", summary: "Cancel an intent not yet applied",
                    description: "Marks a pending, failed or dead intent `cancelled` so it is no longer offered; cancelling again is a no-op (`outcome: unchanged`). The intent and its history stay readable at GET /health/write-intents/{externalId}. Posting a changed body later queues it again as a new version. No request body.",
                    tags: ["write-intents"], parameters: [externalId],
                    responses: [
                        200: Operation.Response("The cancelled intent.", schema: Schemas.ref("WriteIntentUpsertResult")),
                        400: Operation.Response("The externalId is malformed, or a query parameter was given.", schema: error),
                        404: Operation.Response("No intent has this externalId.", schema: error),
                        409: Operation.Response("The intent was already applied, reconciled or skipped.", schema: error),
                        507: .storageFull,
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let (changed, intent) = try await context.services.intents.cancel(externalId: try pathExternalId(context), nowMs: context.services.clock.now())
                return .json(["outcome": .string(changed ? "cancelled" : "unchanged"), "intent": intent.json])
            },
        ]
    }

    static func pathExternalId(_ context: RequestContext) throws -> String {
        let id = context.pathParameters["externalId"] ?? ""
        guard WriteIntentRequest.isValidExternalId(id) else { throw APIError.invalidParameter("externalId", WriteIntentRequest.externalIdRule, rule: "format") }
        return id
    }

    static func upsert(_ context: RequestContext) async throws -> HTTPResponse {
        try context.query.rejectUnknown(allowed: [])
        let request = try WriteIntentRequest.parse(try context.jsonBody(), catalog: context.services.catalog)
        let (outcome, intent) = try await context.services.intents.upsert(externalId: request.externalId, content: request.content, nowMs: context.services.clock.now())
        return .json(["outcome": .string(outcome.rawValue), "intent": intent.json])
    }

    /// `limit` and the cursor of a listing whose cursors carry `scope`.
    static func paging(_ query: QueryParameters, scope: String) throws -> (limit: Int, after: Int64?) {
        let limit = Int(try query.int("limit", in: 1...Limits.intentPageMax) ?? Limits.intentPageDefault)
        guard let text = try query.string("cursor") else { return (limit, nil) }
        try CursorText.requireWellFormed(text)
        guard let cursor = IntentCursor(encoded: text), cursor.scope == scope else {
            throw APIError.unprocessable("cursor", "'cursor' is not a cursor this listing returned; pass nextCursor back unchanged with the same filters", rule: "cursor")
        }
        return (limit, cursor.afterId)
    }

    static func pageJSON(_ page: WriteIntentStore.Page, scope: String) -> JSONValue {
        ["intents": .array(page.intents.map(\.json)), "nextCursor": page.nextCursor.map { .string(IntentCursor(scope: scope, afterId: $0).encoded) } ?? .null]
    }

    static func pending(_ context: RequestContext) async throws -> HTTPResponse {
        let query = context.query
        try query.rejectUnknown(allowed: ["limit", "cursor"])
        let (limit, after) = try paging(query, scope: "pending")
        let page = try await context.services.intents.pending(nowMs: context.services.clock.now(), after: after, limit: limit)
        return .json(pageJSON(page, scope: "pending"))
    }

    static func list(_ context: RequestContext) async throws -> HTTPResponse {
        let query = context.query
        try query.rejectUnknown(allowed: ["status", "limit", "cursor"])
        var status: IntentStatus?
        if let text = try query.string("status") {
            guard let parsed = IntentStatus(rawValue: text) else {
                let allowed = IntentStatus.allCases.map(\.rawValue)
                throw APIError.invalidParameter("status", "'status' must be one of \(allowed.joined(separator: ", "))", rule: "enum",
                                                extra: ["allowed": .array(allowed.map { .string($0) })])
            }
            status = parsed
        }
        let scope = status?.rawValue ?? "all"
        let (limit, after) = try paging(query, scope: scope)
        let page = try await context.services.intents.list(status: status, after: after, limit: limit)
        return .json(pageJSON(page, scope: scope))
    }

    static func acknowledge(_ context: RequestContext) async throws -> HTTPResponse {
        try context.query.rejectUnknown(allowed: [])
        guard case .object(let root) = try context.jsonBody() else {
            throw APIError.invalidParameter("body", "the body must be a JSON object like {\"acks\": [...]}", rule: "type")
        }
        for key in root.keys.sorted() where key != "acks" {
            throw APIError.invalidParameter(key, "unknown field '\(key)'; allowed: acks", rule: "unknown")
        }
        guard let items = root["acks"] else { throw APIError.invalidParameter("acks", "'acks' (an array of acks) is required", rule: "required") }
        guard case .array(let elements) = items else {
            throw APIError.invalidParameter("acks", "'acks' must be an array (got \(items.typeName))", rule: "type")
        }
        if let index = elements.firstIndex(where: { $0.objectValue == nil }) {
            throw APIError.invalidParameter("acks[\(index)]", "each ack must be a JSON object (got \(elements[index].typeName) at index \(index))", rule: "type")
        }
        guard elements.count <= Limits.acksPerRequest else {
            throw APIError.payloadTooLarge("at most \(Limits.acksPerRequest) acks per request (got \(elements.count)); split the batch", limit: Limits.acksPerRequest)
        }
        // Parse everything first; valid acks are applied together, invalid ones answered in place.
        var slots: [Swift.Result<IntentAck, IntentAck.Invalid>] = elements.map(IntentAck.parse)
        let valid = slots.compactMap { try? $0.get() }
        var applied = try await context.services.intents.acknowledge(valid, nowMs: context.services.clock.now())[...]
        var results: [AckOutcome] = []
        for (index, slot) in slots.enumerated() {
            switch slot {
            case .success: results.append(applied.removeFirst())
            case .failure(let error):
                results.append(AckOutcome(kind: .invalid, externalId: elements[index]["externalId"]?.stringValue.map { String($0.prefix(200)) },
                                          version: elements[index]["version"]?.int64Value.map { Int(clamping: $0) },
                                          message: error.message, field: error.field, rule: error.rule))
            }
        }
        slots.removeAll()
        var counts: [String: Int] = [:]
        for result in results { counts[result.kind.rawValue, default: 0] += 1 }
        let refused = results.filter { $0.kind.isRefused }.count
        let body: JSONValue = [
            "received": JSONValue(results.count),
            "accepted": JSONValue(counts["accepted"] ?? 0),
            "refused": JSONValue(refused),
            "outcomes": .object(counts.mapValues { JSONValue($0) }),
            "results": .array(results.enumerated().map { index, result in
                var json = result.json
                if case .object(var members) = json { members["index"] = JSONValue(index); json = .object(members) }
                return json
            }),
        ]
        return .json(body, status: refused > 0 ? .multiStatus : .ok)
    }
}
