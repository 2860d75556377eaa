import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// The HealthSave contract's optional v2 surface: delivery receipts read from the batch
/// ledger (`GET /api/v2/sync/runs/latest`, `GET /api/v2/sync/runs/{sync_run_id}`), what the
/// server holds per HealthSave metric (`GET /api/v2/sync/coverage`), and the public setup
/// fingerprint (`GET /api/v2/setup/diagnostics`). Shapes and field names follow the
/// HealthSave reference backend, so the app's decoders read them unchanged; fields beyond
/// the reference's are additive.
enum HealthSaveSyncRoutes {
    static let error = Schemas.ref("Error")
    static let runIDParameter = Operation.Parameter("sync_run_id", in: .path, required: true,
                                                    description: "The run id the app sent as `X-HealthSave-Sync-Run-ID`.",
                                                    schema: ["type": "string", "minLength": 1, "maxLength": 256])
    static let badRequest = Operation.Response("A query parameter was given (these routes take none), or the run id is malformed.", schema: error)

    static func routes() -> [Route] {
        [
            Route(.get, "/api/v2/setup/diagnostics", public: true,
                  operation: Operation(
                    id: "getHealthSaveDiagnostics", summary: "HealthSave setup fingerprint",
                    description: """
                    Public and free of health data: says that this is a HealthSave-compatible server, its name and version, the \
                    contract versions it speaks, the endpoints the app uses, the auth headers it accepts and its limits. The \
                    HealthSave app calls it while the user sets the server up, to tell this API apart from a wrong port.
                    """,
                    tags: ["healthsave"],
                    responses: [
                        200: Operation.Response("The fingerprint.", schema: Schemas.ref("HealthSaveDiagnostics")),
                        400: Operation.Response("A query parameter was given (this route takes none).", schema: error),
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                return .json(diagnostics(context.services))
            },
            Route(.get, "/api/v2/sync/runs/latest", scope: .ingest,
                  operation: Operation(
                    id: "getLatestHealthSaveSyncRun", summary: "The latest HealthSave sync run's delivery receipt",
                    description: """
                    The run of the most recently received batch that carried `X-HealthSave-Sync-Run-ID`: batches seen, processed, \
                    empty and failed, records received, accepted and rejected, the sample window, and the same per metric \
                    (with `total_batches` and the batch indexes seen). Without any recorded run the answer is \
                    `{"status":"empty"}` (200), as the reference backend answers. Batches are kept \(Limits.batchLedgerRetentionDays) days.
                    """,
                    tags: ["healthsave"],
                    responses: [
                        200: Operation.Response("The latest run, or `status: empty`.", schema: Schemas.ref("HealthSaveLatestSyncRun")),
                        400: badRequest,
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let found: (String, [BatchLedger.MetricTally])? = try await context.services.store.read { reader in
                    guard let id = try reader.latestHealthSaveRunID() else { return nil }
                    return (id, try reader.healthSaveRun(id: id))
                }
                guard let (id, tallies) = found, !tallies.isEmpty else {
                    return .json(["status": "empty", "message": "No HealthSave sync receipts recorded yet."])
                }
                return .json(latestJSON(id: id, tallies))
            },
            Route(.get, "/api/v2/sync/runs/{sync_run_id}", scope: .ingest,
                  operation: Operation(
                    id: "getHealthSaveSyncRun", summary: "One HealthSave sync run's delivery receipt",
                    description: """
                    The run's batches as the server recorded them: a `summary` over the run and `per_metric` by HealthSave metric \
                    name (batches seen, processed, empty and failed, `total_batches` announced and batch indexes seen, records \
                    received, accepted and rejected, first and last receive time, the sample window). `verification_level` is \
                    `delivery_receipt`: the server saw and answered these batches. A run no retained batch carries answers \
                    `{"status":"empty","sync_run_id":…}` (200), as the reference backend and `runs/latest` do. Batches are kept \(Limits.batchLedgerRetentionDays) days.
                    """,
                    tags: ["healthsave"], parameters: [runIDParameter],
                    responses: [
                        200: Operation.Response("The run's receipt, or `status: empty` for a run without receipts.", schema: Schemas.ref("HealthSaveSyncRun")),
                        400: badRequest,
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let id = context.pathParameters["sync_run_id"] ?? ""
                guard (1...256).contains(id.count) else {
                    throw APIError.invalidParameter("sync_run_id", "the sync run id must be 1–256 characters", rule: "length")
                }
                let tallies = try await context.services.store.read { reader in try reader.healthSaveRun(id: id) }
                guard !tallies.isEmpty else {
                    return .json(["status": "empty", "sync_run_id": .string(id), "message": "No HealthSave sync receipts recorded for this run."])
                }
                return .json(runJSON(id: id, tallies))
            },
            Route(.get, "/api/v2/sync/coverage", scope: .ingest,
                  operation: Operation(
                    id: "getHealthSaveSyncCoverage", summary: "What the server holds per HealthSave metric",
                    description: """
                    Per HealthSave metric name: the retained batches' receipt totals and when the metric was last synced, and what \
                    the server stores — `destination` `{count, oldest, newest}` from the raw samples (canonical metrics answer under \
                    their HealthSave name), workouts and activity summaries — with `freshness_state` comparing the two \
                    (`fresh`, `stale_payload`, `receipt_only`, `destination_only`, `unknown`). Counting reads every stored sample \
                    once, so this is an operator's route, not one to poll.
                    """,
                    tags: ["healthsave"],
                    responses: [
                        200: Operation.Response("Coverage per metric.", schema: Schemas.ref("HealthSaveSyncCoverage")),
                        400: badRequest,
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let catalog = context.services.catalog
                let appNames = HealthSaveCatalog.statusNamesByMetric(catalog)
                let (tallies, held) = try await context.services.store.read { reader in
                    (try reader.healthSaveCoverage(), try reader.heldMetrics(catalog: catalog, appNames: appNames))
                }
                return .json(coverageJSON(tallies, held: held))
            },
        ]
    }

    // MARK: Answers

    static func time(_ ms: Int64?) -> JSONValue { ms.map { .string(RequestLog.timestamp($0)) } ?? .null }
    static func count(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
    static func window(_ start: Int64?, _ end: Int64?) -> JSONValue {
        ["min_sample_time": time(start), "max_sample_time": time(end)]
    }
    static func storageLevel(_ tallies: [BatchLedger.MetricTally]) -> JSONValue {
        .string(!tallies.isEmpty && tallies.allSatisfy(\.everyBatchCountedInserts) ? "inserted_vs_existing" : "accepted_only")
    }
    static func sumOptional(_ values: [Int?]) -> Int? {
        let present = values.compactMap { $0 }
        return present.isEmpty ? nil : present.reduce(0, +)
    }

    /// One metric of a run, in the reference's `per_metric` words plus the batch accounting.
    static func perMetricJSON(_ tally: BatchLedger.MetricTally) -> JSONValue {
        let complete: JSONValue = tally.totalBatches.map { .bool(tally.distinctBatchIndexes >= $0) } ?? .null
        return [
            "batches_seen": count(tally.batchesSeen), "batches_processed": count(tally.batchesProcessed),
            "batches_empty": count(tally.batchesEmpty), "batches_failed": count(tally.batchesFailed),
            "total_batches": count(tally.totalBatches), "batch_indexes_seen": count(tally.distinctBatchIndexes), "complete": complete,
            "received": count(tally.recordsReceived), "accepted": count(tally.recordsAccepted), "rejected": count(tally.recordsRejected),
            "inserted_new": count(tally.recordsInsertedNew), "deduped_existing": count(tally.recordsDedupedExisting),
            "storage_result_level": storageLevel([tally]),
            "first_received_at": time(tally.firstReceivedMs), "last_received_at": time(tally.lastReceivedMs),
            "sample_window": window(tally.windowStartMs, tally.windowEndMs), "latest_sample_time": time(tally.windowEndMs),
        ]
    }

    /// The run-wide numbers both run answers share.
    struct RunTotals {
        var batchesSeen = 0, batchesProcessed = 0, batchesEmpty = 0, batchesFailed = 0
        var received = 0, accepted = 0, rejected = 0
        var insertedNew: Int?, dedupedExisting: Int?
        var startedMs: Int64 = .max, completedMs: Int64 = .min
        var windowStartMs: Int64?, windowEndMs: Int64?

        init(_ tallies: [BatchLedger.MetricTally]) {
            for tally in tallies {
                batchesSeen += tally.batchesSeen
                batchesProcessed += tally.batchesProcessed
                batchesEmpty += tally.batchesEmpty
                batchesFailed += tally.batchesFailed
                received += tally.recordsReceived
                accepted += tally.recordsAccepted
                rejected += tally.recordsRejected
                startedMs = min(startedMs, tally.firstReceivedMs)
                completedMs = max(completedMs, tally.lastReceivedMs)
                if let start = tally.windowStartMs { windowStartMs = min(windowStartMs ?? start, start) }
                if let end = tally.windowEndMs { windowEndMs = max(windowEndMs ?? end, end) }
            }
            insertedNew = HealthSaveSyncRoutes.sumOptional(tallies.map(\.recordsInsertedNew))
            dedupedExisting = HealthSaveSyncRoutes.sumOptional(tallies.map(\.recordsDedupedExisting))
        }
    }

    /// `GET /api/v2/sync/runs/{sync_run_id}`: the reference's `summary` + `per_metric` shape.
    static func runJSON(id: String, _ tallies: [BatchLedger.MetricTally]) -> JSONValue {
        let totals = RunTotals(tallies)
        var perMetric: [String: JSONValue] = [:]
        for tally in tallies { perMetric[tally.metric] = perMetricJSON(tally) }
        return [
            "status": "ok", "sync_run_id": .string(id), "verification_level": "delivery_receipt",
            "started_at": time(totals.startedMs), "completed_at": time(totals.completedMs),
            "summary": [
                "metrics_seen": count(tallies.count), "batches_seen": count(totals.batchesSeen),
                "batches_processed": count(totals.batchesProcessed), "batches_empty": count(totals.batchesEmpty),
                "batches_failed": count(totals.batchesFailed), "records_received": count(totals.received),
                "records_accepted": count(totals.accepted), "records_rejected": count(totals.rejected),
                "records_inserted_new": count(totals.insertedNew), "records_deduped_existing": count(totals.dedupedExisting),
                "storage_result_level": storageLevel(tallies), "sample_window": window(totals.windowStartMs, totals.windowEndMs),
            ],
            "per_metric": .object(perMetric),
        ]
    }

    /// `GET /api/v2/sync/runs/latest`: the reference's flat summary, plus `per_metric`.
    static func latestJSON(id: String, _ tallies: [BatchLedger.MetricTally]) -> JSONValue {
        let totals = RunTotals(tallies)
        var perMetric: [String: JSONValue] = [:]
        for tally in tallies { perMetric[tally.metric] = perMetricJSON(tally) }
        return [
            "status": "ok", "sync_run_id": .string(id), "verification_level": "delivery_receipt",
            "started_at": time(totals.startedMs), "completed_at": time(totals.completedMs),
            "batches_seen": count(totals.batchesSeen), "batches_processed": count(totals.batchesProcessed),
            "batches_empty": count(totals.batchesEmpty), "batches_failed": count(totals.batchesFailed),
            "records_received": count(totals.received), "records_accepted": count(totals.accepted),
            "records_rejected": count(totals.rejected), "records_skipped": count(totals.rejected),
            "records_inserted_new": count(totals.insertedNew), "records_deduped_existing": count(totals.dedupedExisting),
            "storage_result_level": storageLevel(tallies),
            "metrics": .array(tallies.map { .string($0.metric) }),
            "sample_window": window(totals.windowStartMs, totals.windowEndMs),
            "sample_min_at": time(totals.windowStartMs), "sample_max_at": time(totals.windowEndMs),
            "latest_sample_time": time(totals.windowEndMs),
            "per_metric": .object(perMetric),
        ]
    }

    /// `GET /api/v2/sync/coverage`: receipts and stored data side by side, by HealthSave name.
    static func coverageJSON(_ tallies: [BatchLedger.MetricTally], held: [String: HeldMetric]) -> JSONValue {
        let receipts = Dictionary(tallies.map { ($0.metric, $0) }) { first, _ in first }
        let names = Set(receipts.keys).union(held.keys).sorted()
        let rows: [JSONValue] = names.map { name in
            let tally = receipts[name]
            let stored = held[name]
            let freshness: String
            switch (tally?.windowEndMs, stored?.newestMs) {
            case (nil, nil): freshness = "unknown"
            case (.some, nil): freshness = "receipt_only"
            case (nil, .some): freshness = "destination_only"
            case (.some(let sent), .some(let newest)): freshness = sent < newest ? "stale_payload" : "fresh"
            }
            return [
                "metric": .string(name),
                "batches_seen": count(tally?.batchesSeen ?? 0), "batches_processed": count(tally?.batchesProcessed ?? 0),
                "batches_empty": count(tally?.batchesEmpty ?? 0), "batches_failed": count(tally?.batchesFailed ?? 0),
                "records_received": count(tally?.recordsReceived ?? 0), "records_accepted": count(tally?.recordsAccepted ?? 0),
                "records_rejected": count(tally?.recordsRejected ?? 0), "records_skipped": count(tally?.recordsRejected ?? 0),
                "records_inserted_new": count(tally?.recordsInsertedNew), "records_deduped_existing": count(tally?.recordsDedupedExisting),
                "storage_result_level": storageLevel(tally.map { [$0] } ?? []),
                "newest_receipt_at": time(tally?.lastReceivedMs), "last_synced_at": time(tally?.lastReceivedMs),
                "receipt_sample_window": window(tally?.windowStartMs, tally?.windowEndMs),
                "destination_row_count": count(stored?.count ?? 0), "latest_destination_sample_time": time(stored?.newestMs),
                "destination": ["count": count(stored?.count ?? 0), "oldest": time(stored?.oldestMs), "newest": time(stored?.newestMs)],
                "freshness_state": .string(freshness),
            ]
        }
        return [
            "status": "ok",
            "summary": [
                "metrics_seen": count(names.count), "batches_seen": count(tallies.reduce(0) { $0 + $1.batchesSeen }),
                "records_received": count(tallies.reduce(0) { $0 + $1.recordsReceived }),
                "records_accepted": count(tallies.reduce(0) { $0 + $1.recordsAccepted }),
                "records_rejected": count(tallies.reduce(0) { $0 + $1.recordsRejected }),
                "records_skipped": count(tallies.reduce(0) { $0 + $1.recordsRejected }),
                "records_inserted_new": count(sumOptional(tallies.map(\.recordsInsertedNew))),
                "records_deduped_existing": count(sumOptional(tallies.map(\.recordsDedupedExisting))),
            ],
            "metrics": .array(rows),
        ]
    }

    /// `GET /api/v2/setup/diagnostics`: configuration facts only, never a stored value.
    static func diagnostics(_ services: AppServices) -> JSONValue {
        [
            "service": "healthd", "kind": "HealthSave-compatible API", "healthsave_compatible": true, "status": "ok",
            "version": .string(services.version), "contract_versions": ["v1", "v2"],
            "auth_required": true,
            "auth_headers": ["Authorization: Bearer <token>", "x-api-key: <token>"],
            "health_endpoint": "/api/health", "health_fallback_endpoint": "/health",
            "status_endpoint": "/api/apple/status",
            "ingest_endpoint": "/api/apple/batch", "v2_ingest_endpoint": "/api/v2/apple/batch",
            "latest_sync_endpoint": "/api/v2/sync/runs/latest", "sync_run_endpoint": "/api/v2/sync/runs/{sync_run_id}",
            "coverage_endpoint": "/api/v2/sync/coverage",
            "grafana_required": false,
            "wrong_port_hint": "If the app shows Grafana, Homepage or another service's page, it points at the wrong port: enter the base URL healthd listens on (its --port), nothing after it.",
            "limits": [
                "max_body_bytes": count(services.config.maxBodyBytes),
                "idempotency_key_retention_days": count(Limits.batchLedgerRetentionDays),
            ],
        ]
    }
}
