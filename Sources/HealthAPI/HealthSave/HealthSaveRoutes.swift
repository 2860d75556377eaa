import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// The HealthSave app's server contract: `POST /api/apple/batch` and
/// `POST /api/v2/apple/batch` (one adapter; both take schema v1 and v2 bodies, iOS and
/// Android) and `GET /api/apple/status`. Every sample passes the same ``SampleRules``
/// as native ingest, so a sample counts the same whichever way it arrives.
enum HealthSaveRoutes {
    static func routes() -> [Route] {
        [
            Route(.post, "/api/apple/batch", scope: .ingest, operation: batchOperation(id: "ingestHealthSaveBatch", version: "v1")) { try await batch($0) },
            Route(.post, "/api/v2/apple/batch", scope: .ingest, operation: batchOperation(id: "ingestHealthSaveBatchV2", version: "v2")) { try await batch($0) },
            Route(.get, "/api/apple/status", scope: .ingest,
                  operation: Operation(
                    id: "getHealthSaveStatus", summary: "Stored sample counts per HealthSave metric",
                    description: "The flat object the HealthSave app's sync status screen reads: every key a HealthSave metric name (canonical metrics map back to the app's names; raw metrics keep theirs; `workouts` and `activity_summaries` count those records), every value `{count, oldest, newest}`. A metric's count includes its \"HealthKit Statistics\" day totals, so a metric synced only as day totals shows them; times are dates where every record stands for a day. Never wrapped.",
                    tags: ["healthsave"],
                    responses: [200: Operation.Response("Counts per metric.", schema: HealthSaveSchemas.status)])) { try await HealthSaveStatus.respond($0) },
        ]
    }

    static func batchOperation(id: String, version: String) -> Operation {
        Operation(
            id: id, summary: "Ingest one HealthSave metric batch (\(version) path)",
            description: """
            One metric per request, `{metric, batch_index, total_batches, samples}`; schema v2 adds `schema_version`, `deletions`, \
            `source_bundle_id` and `device`, Android bridges `client_platform` and per-sample `provider_object_id`. Both paths take both versions. \
            Samples map onto the native sample rules (units converted, ranges checked); instants in `Z` take the server's `--timezone`, \
            `tzOffsetMinutes` or a written offset a fixed-offset zone. Samples without `uuid`/`provider_object_id` get the shared derived key; \
            a sample arriving with a new `uuid` replaces the stored id-less one of the same metric, source and time. Unknown metrics, ECG and \
            heartbeat series are stored raw. 200 with the receipt, also when some samples were rejected (`records_rejected`, `errors`); \
            `Idempotency-Key` (else `X-HealthSave-Batch-ID`) with `X-HealthSave-Payload-Hash` (else the body's SHA-256): a repeat replays the \
            first answer, another payload under the same key is 409. 400 malformed JSON; 422 a body that breaks the batch schema (no `metric`, \
            `samples` or `deletions` not arrays, a mistyped member: `details.field` and `details.rule` name it), as the HealthSave reference \
            backend answers, or no valid sample (nothing stored either way); 413 more than 10,000 samples or deletions. The receipt's \
            `sample_window` spans the samples and workouts, and the whole local dates of day totals and activity summaries.
            """,
            tags: ["healthsave"],
            parameters: [
                Operation.Parameter("Idempotency-Key", in: .header, description: "The batch's idempotency key (the app sends the batch UUID).", schema: ["type": "string"]),
                Operation.Parameter("X-HealthSave-Batch-ID", in: .header, description: "The batch UUID; the idempotency key when `Idempotency-Key` is absent.", schema: ["type": "string"]),
                Operation.Parameter("X-HealthSave-Sync-Run-ID", in: .header, description: "The sync run the batch belongs to.", schema: ["type": "string"]),
                Operation.Parameter("X-HealthSave-Payload-Hash", in: .header, description: "The app's hash of the payload, compared as sent.", schema: ["type": "string"]),
            ],
            requestBody: Operation.Body(description: "One HealthSave metric batch.", schema: HealthSaveSchemas.batch, example: HealthSaveSchemas.batchExample),
            responses: [
                200: Operation.Response("Stored (rejected samples counted in `records_rejected`).", schema: HealthSaveSchemas.receipt),
                400: Operation.Response("Malformed JSON (or a query parameter; the route takes none).", schema: Schemas.ref("Error")),
                409: Operation.Response("The idempotency key was used before for a different payload; nothing was stored.", schema: Schemas.ref("Error")),
                413: Operation.Response("More than 10,000 samples or deletions, or the body is over the size limit.", schema: Schemas.ref("Error")),
                422: Operation.Response("The body breaks the batch schema (no `metric`, `samples`/`deletions` not arrays, a mistyped member; `details.field` and `details.rule` name it), or no sample of the batch is valid (`details.errors` lists the problems, at most 1,000); nothing was stored.", schema: Schemas.ref("Error")),
                507: .storageFull,
            ])
    }

    static func batch(_ context: RequestContext) async throws -> HTTPResponse {
        try context.query.rejectUnknown(allowed: [])
        let services = context.services
        let root = try context.jsonBody()
        let adapter = HealthSaveAdapter(catalog: services.catalog, defaultZone: services.config.defaultTimezone ?? "UTC", clock: services.store.clock)
        let batch: HealthSaveBatch
        do {
            batch = try adapter.read(root)
        } catch {
            // The reference backend validates the body against its model and answers a body
            // that breaks it (`"samples": "not-a-list"`, no `metric`) with 422; the app
            // treats that as a batch to fix, not one to retry. Unparseable JSON stays 400.
            throw APIError(status: .unprocessableContent, code: .validationFailed, message: error.message,
                           details: ["field": .string(error.field), "rule": .string(error.rule)])
        }
        guard batch.elements.count <= Limits.samplesPerIngest, batch.deletionsReceived <= Limits.samplesPerIngest else {
            throw APIError.payloadTooLarge("at most \(Limits.samplesPerIngest) samples and \(Limits.samplesPerIngest) deletions per batch (got \(batch.elements.count) and \(batch.deletionsReceived)); split the batch", limit: Limits.samplesPerIngest)
        }

        var pipeline = IngestPipeline(rules: SampleRules(catalog: services.catalog), clock: services.store.clock)
        pipeline.add(contentsOf: batch.elements)
        pipeline.countChecked(.healthSave, in: services.metrics)
        try pipeline.requireSomethingValid(deletions: batch.deletions.count, what: "\(pipeline.rejected) samples of the \(batch.metric) batch",
                                           entry: \.healthSaveEntry)
        let (samples, workouts) = (pipeline.samples, pipeline.workouts)
        let accepted = pipeline.accepted, rejected = pipeline.rejected
        let errors = pipeline.issues.map(\.healthSaveEntry)
        // The local dates day totals and activity summaries stand for, with their zone.
        let coveredDays = zip(pipeline.dayTotals, pipeline.dayTotalZones).map { ($0.day, $1 ?? adapter.defaultZone) }
            + pipeline.activitySummaries.map { ($0.day, adapter.defaultZone) }

        let headers = context.request.headers
        func header(_ name: String) -> String? { headers[HTTPHeaderName(name)].flatMap { $0.isEmpty ? nil : $0 } }
        let idempotencyKey = header("idempotency-key")
        let batchID = header("x-healthsave-batch-id")
        let syncRunID = header("x-healthsave-sync-run-id")
        let ledgerKey = idempotencyKey ?? batchID
        // The app's hash is opaque: compared as sent, never recomputed.
        let payloadHash = ledgerKey == nil ? "" : header("x-healthsave-payload-hash") ?? SHA256.hex(context.request.body)
        var recordedHeaders: [String: String] = [:]
        for field in headers where field.name.lowercased.hasPrefix("x-healthsave-") { recordedHeaders[field.name.lowercased] = field.value }

        var windowStart: Int64?
        var windowEnd: Int64?
        for (start, end) in samples.map({ ($0.startTimeMs, $0.endTimeMs) }) + workouts.map({ ($0.startTimeMs, $0.endTimeMs) }) {
            windowStart = min(windowStart ?? start, start)
            windowEnd = max(windowEnd ?? end, end)
        }
        // A day total or a day's rings covers its whole local date: from its midnight to
        // the last second before the next, so their receipts carry a window too.
        let clock = services.store.clock
        for (day, zone) in coveredDays {
            let start = clock.startOfDayMs(day, zone: zone), end = clock.endOfDayMs(day, zone: zone) - 1000
            windowStart = min(windowStart ?? start, start)
            windowEnd = max(windowEnd ?? end, end)
        }
        // Only a sample's own id can repeat in a batch (the same HealthKit object twice):
        // id-less samples got a key per occurrence, each an entry of its own.
        let dedupedInBatch = samples.count - Set(samples.map(\.sampleKey)).count
        let nowMs = services.clock.now()
        let owner = syncRunID ?? batchID ?? idempotencyKey ?? context.requestID
        let received = batch.elements.count
        let batchKeys = Set(samples.map(\.sampleKey))
        let deletions = batch.deletions.filter { !batchKeys.contains($0) }
        // Samples stored new and already stored, as the receipt and the ledger count them
        // (a sample arriving with its uuid takes over the stored id-less one it is: an update).
        @Sendable func tally(_ stored: IngestResult) -> (insertedNew: Int, dedupedExisting: Int) {
            let outcome = stored.samples, records = stored.records
            let existing = outcome.updated + outcome.unchanged + records.workoutsUpdated + records.workoutsUnchanged
                + records.activitySummariesUnchanged + records.dayTotalsUnchanged
            return (outcome.inserted + records.workoutsInserted + records.activitySummariesUpserted + records.dayTotalsUpserted,
                    max(0, existing - dedupedInBatch))
        }
        // The receipt of what was stored: with a ledger key it is built inside the write
        // transaction, and its bytes are recorded with the batch for replays.
        let receipt: @Sendable (IngestResult) -> [UInt8] = { [errors, rejected, windowStart, windowEnd] stored in
            let counts = tally(stored)
            let receipt = HealthSaveReceipt(
                metric: batch.metric, batchIndex: batch.batchIndex, totalBatches: batch.totalBatches, syncRunID: syncRunID,
                batchID: batchID, idempotencyKey: idempotencyKey, receiptOwner: owner, received: received, accepted: accepted,
                rejected: rejected, insertedNew: counts.insertedNew, dedupedExisting: counts.dedupedExisting, dedupedInBatch: dedupedInBatch,
                windowStartMs: windowStart, windowEndMs: windowEnd, deletionsReceived: batch.deletionsReceived,
                deletionsDeleted: stored.samples.deleted, deletionsRequested: batch.deletions.count,
                ledgered: ledgerKey != nil, errors: errors)
            return JSONWriter.serialize(receipt.json)
        }
        let ledger = ledgerKey.map { ledgerKey in
            IngestOptions.Ledger(key: ledgerKey, payloadHash: payloadHash) { [rejected, windowStart, windowEnd, recordedHeaders] stored in
                let counts = tally(stored)
                return BatchLedger.Entry(
                    key: ledgerKey, payloadHash: payloadHash, syncRunID: syncRunID, batchID: batchID, metric: batch.metric,
                    batchIndex: batch.batchIndex, totalBatches: batch.totalBatches, headers: recordedHeaders, status: 200, body: receipt(stored),
                    recordsReceived: received, recordsAccepted: accepted, recordsRejected: rejected,
                    windowStartMs: windowStart, windowEndMs: windowEnd,
                    recordsInsertedNew: counts.insertedNew, recordsDedupedExisting: counts.dedupedExisting)
            }
        }
        let answer = try await pipeline.store(in: services.store, deletedKeys: deletions, options: IngestOptions(client: .healthSave, ledger: ledger), nowMs: nowMs)
        switch answer {
        case .stored(let stored):
            services.metrics?.ingest.stored(.healthSave, stored)
            let body = stored.ledgerEntry?.body ?? receipt(stored)
            return HTTPResponse(status: .ok, contentType: "application/json", body: body)
        case .replay(let status, let body):
            return HTTPResponse(status: HTTPStatus(code: status), contentType: "application/json", body: body)
        case .conflict:
            throw APIError.conflict("the idempotency key '\(String((ledgerKey ?? "").prefix(128)))' was already used for a different payload (the payload hash differs); nothing was stored",
                                    details: ["field": "Idempotency-Key"])
        }
    }
}

extension IngestIssue {
    /// The entry of a HealthSave receipt's `errors`: the element's index and its member
    /// under `samples[i]` (`samples[3].qty`).
    var healthSaveEntry: JSONValue {
        ["index": JSONValue(index), "field": .string(path), "code": .string(rule), "message": .string(message)]
    }
}
