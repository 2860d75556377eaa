import JSON

/// The schemas of the HealthSave v2 sync routes. Field names are the HealthSave reference
/// backend's (snake_case), so they differ from the native routes' camelCase on purpose.
extension Schemas {
    static func time(_ description: String) -> JSONValue {
        ["type": ["string", "null"], "format": "date-time", "description": .string(description)]
    }

    static func counter(_ description: String, nullable: Bool = false) -> JSONValue {
        ["type": nullable ? ["integer", "null"] : "integer", "minimum": 0, "description": .string(description)]
    }

    static let sampleWindow: JSONValue = [
        "type": "object",
        "description": "Earliest and latest sample time the batches carried (null when none had samples).",
        "required": ["min_sample_time", "max_sample_time"],
        "properties": [
            "min_sample_time": time("Earliest sample time."),
            "max_sample_time": time("Latest sample time."),
        ],
    ]

    static let storageResultLevel: JSONValue = [
        "type": "string", "enum": ["inserted_vs_existing", "accepted_only"],
        "description": "`inserted_vs_existing` when every batch told new samples from already stored ones, else `accepted_only`.",
    ]

    static let exampleWindow: JSONValue = ["min_sample_time": "2026-04-10T07:00:00.000Z", "max_sample_time": "2026-04-10T07:13:00.000Z"]

    static let exampleMetricReceipt: JSONValue = [
        "batches_seen": 2, "batches_processed": 2, "batches_empty": 0, "batches_failed": 0, "total_batches": 2,
        "batch_indexes_seen": 2, "complete": true, "received": 120, "accepted": 119, "rejected": 1, "inserted_new": 100,
        "deduped_existing": 19, "storage_result_level": "inserted_vs_existing",
        "first_received_at": "2026-04-10T07:20:01.120Z", "last_received_at": "2026-04-10T07:20:02.480Z",
        "sample_window": exampleWindow, "latest_sample_time": "2026-04-10T07:13:00.000Z",
    ]

    static let healthSaveMetricReceipt: JSONValue = [
        "type": "object",
        "description": "One metric's batches within a run.",
        "properties": [
            "batches_seen": counter("Batches recorded."),
            "batches_processed": counter("Batches answered 2xx that carried samples."),
            "batches_empty": counter("Batches answered 2xx without samples."),
            "batches_failed": counter("Batches refused as a whole (non-2xx) and recorded."),
            "total_batches": counter("The largest `total_batches` the batches announced; null when none did.", nullable: true),
            "batch_indexes_seen": counter("Distinct `batch_index` values recorded."),
            "complete": ["type": ["boolean", "null"], "description": "Whether as many distinct batch indexes arrived as `total_batches` announced; null without `total_batches`."],
            "received": counter("Records received."),
            "accepted": counter("Records stored (new, updated or unchanged)."),
            "rejected": counter("Records refused."),
            "inserted_new": counter("Records stored new; null when the batches did not tell.", nullable: true),
            "deduped_existing": counter("Records already stored; null when the batches did not tell.", nullable: true),
            "storage_result_level": storageResultLevel,
            "first_received_at": time("When the first of these batches arrived."),
            "last_received_at": time("When the last of these batches arrived."),
            "sample_window": ref("HealthSaveSampleWindow"),
            "latest_sample_time": time("The latest sample time (`sample_window.max_sample_time`)."),
        ],
    ]

    static let healthSaveSyncRun: JSONValue = [
        "type": "object",
        "description": "A HealthSave sync run's delivery receipt: the batches the server recorded for it; `{\"status\":\"empty\",\"sync_run_id\",\"message\"}` for a run without recorded batches.",
        "required": ["status", "sync_run_id"],
        "properties": [
            "status": ["type": "string", "enum": ["ok", "empty"], "description": "`ok` with the receipt; `empty` when no retained batch carries the run id (the other fields but `message` are then absent)."],
            "message": ["type": "string", "description": "With `empty`: why there is no receipt."],
            "sync_run_id": ["type": "string", "description": "The run id (`X-HealthSave-Sync-Run-ID`)."],
            "verification_level": ["type": "string", "enum": ["delivery_receipt"], "description": "The server saw and answered these batches."],
            "started_at": time("When the run's first batch arrived."),
            "completed_at": time("When the run's last batch arrived."),
            "summary": [
                "type": "object",
                "description": "The run's totals over every metric.",
                "properties": [
                    "metrics_seen": counter("Metrics with batches."),
                    "batches_seen": counter("Batches recorded."),
                    "batches_processed": counter("Batches answered 2xx that carried samples."),
                    "batches_empty": counter("Batches answered 2xx without samples."),
                    "batches_failed": counter("Batches refused as a whole and recorded."),
                    "records_received": counter("Records received."),
                    "records_accepted": counter("Records stored."),
                    "records_rejected": counter("Records refused."),
                    "records_inserted_new": counter("Records stored new; null when no batch told.", nullable: true),
                    "records_deduped_existing": counter("Records already stored; null when no batch told.", nullable: true),
                    "storage_result_level": storageResultLevel,
                    "sample_window": ref("HealthSaveSampleWindow"),
                ],
            ],
            "per_metric": ["type": "object", "description": "Per HealthSave metric name.", "additionalProperties": ref("HealthSaveMetricReceipt")],
        ],
        "examples": [[
            "status": "ok", "sync_run_id": "run_01HY", "verification_level": "delivery_receipt",
            "started_at": "2026-04-10T07:20:01.120Z", "completed_at": "2026-04-10T07:20:02.480Z",
            "summary": [
                "metrics_seen": 1, "batches_seen": 2, "batches_processed": 2, "batches_empty": 0, "batches_failed": 0,
                "records_received": 120, "records_accepted": 119, "records_rejected": 1, "records_inserted_new": 100,
                "records_deduped_existing": 19, "storage_result_level": "inserted_vs_existing", "sample_window": exampleWindow,
            ],
            "per_metric": ["heart_rate": exampleMetricReceipt],
        ], ["status": "empty", "sync_run_id": "run_01HZ", "message": "No HealthSave sync receipts recorded for this run."]],
    ]

    static let healthSaveLatestSyncRun: JSONValue = [
        "type": "object",
        "description": "The latest run's receipt as a flat summary (the reference backend's shape) with `per_metric`, or `{\"status\":\"empty\",\"message\"}` before any run was recorded.",
        "required": ["status"],
        "properties": [
            "status": ["type": "string", "enum": ["ok", "empty"], "description": "`empty` when no run is recorded yet; the other fields are then absent."],
            "message": ["type": "string", "description": "With `empty`: why there is no receipt."],
            "sync_run_id": ["type": "string", "description": "The run id (`X-HealthSave-Sync-Run-ID`)."],
            "verification_level": ["type": "string", "enum": ["delivery_receipt"], "description": "The server saw and answered these batches."],
            "started_at": time("When the run's first batch arrived."),
            "completed_at": time("When the run's last batch arrived."),
            "batches_seen": counter("Batches recorded."),
            "batches_processed": counter("Batches answered 2xx that carried samples."),
            "batches_empty": counter("Batches answered 2xx without samples."),
            "batches_failed": counter("Batches refused as a whole and recorded."),
            "records_received": counter("Records received."),
            "records_accepted": counter("Records stored."),
            "records_rejected": counter("Records refused."),
            "records_skipped": counter("Records refused (the reference backend's name for `records_rejected`)."),
            "records_inserted_new": counter("Records stored new; null when no batch told.", nullable: true),
            "records_deduped_existing": counter("Records already stored; null when no batch told.", nullable: true),
            "storage_result_level": storageResultLevel,
            "metrics": ["type": "array", "items": ["type": "string"], "description": "HealthSave metric names of the run's batches, sorted."],
            "sample_window": ref("HealthSaveSampleWindow"),
            "sample_min_at": time("Earliest sample time."),
            "sample_max_at": time("Latest sample time."),
            "latest_sample_time": time("Latest sample time."),
            "per_metric": ["type": "object", "description": "Per HealthSave metric name.", "additionalProperties": ref("HealthSaveMetricReceipt")],
        ],
        "examples": [
            [
                "status": "ok", "sync_run_id": "run_01HY", "verification_level": "delivery_receipt",
                "started_at": "2026-04-10T07:20:01.120Z", "completed_at": "2026-04-10T07:20:02.480Z",
                "batches_seen": 2, "batches_processed": 2, "batches_empty": 0, "batches_failed": 0,
                "records_received": 120, "records_accepted": 119, "records_rejected": 1, "records_skipped": 1,
                "records_inserted_new": 100, "records_deduped_existing": 19, "storage_result_level": "inserted_vs_existing",
                "metrics": ["heart_rate"], "sample_window": exampleWindow,
                "sample_min_at": "2026-04-10T07:00:00.000Z", "sample_max_at": "2026-04-10T07:13:00.000Z",
                "latest_sample_time": "2026-04-10T07:13:00.000Z", "per_metric": ["heart_rate": exampleMetricReceipt],
            ],
            ["status": "empty", "message": "No HealthSave sync receipts recorded yet."],
        ],
    ]

    static let healthSaveSyncCoverage: JSONValue = [
        "type": "object",
        "description": "Receipts and stored data per HealthSave metric name.",
        "required": ["status", "summary", "metrics"],
        "properties": [
            "status": ["type": "string", "enum": ["ok"], "description": "Always `ok`."],
            "summary": [
                "type": "object",
                "description": "Totals over every retained batch.",
                "properties": [
                    "metrics_seen": counter("Metrics with batches or stored data."),
                    "batches_seen": counter("Batches recorded."),
                    "records_received": counter("Records received."),
                    "records_accepted": counter("Records stored."),
                    "records_rejected": counter("Records refused."),
                    "records_skipped": counter("Records refused (the reference backend's name)."),
                    "records_inserted_new": counter("Records stored new; null when no batch told.", nullable: true),
                    "records_deduped_existing": counter("Records already stored; null when no batch told.", nullable: true),
                ],
            ],
            "metrics": [
                "type": "array",
                "description": "One entry per metric, by name.",
                "items": [
                    "type": "object",
                    "description": "One metric's receipts and stored data.",
                    "properties": [
                        "metric": ["type": "string", "description": "The HealthSave metric name; a metric the catalog does not know keeps the name it arrived with."],
                        "batches_seen": counter("Batches recorded."),
                        "batches_processed": counter("Batches answered 2xx that carried samples."),
                        "batches_empty": counter("Batches answered 2xx without samples."),
                        "batches_failed": counter("Batches refused as a whole and recorded."),
                        "records_received": counter("Records received."),
                        "records_accepted": counter("Records stored."),
                        "records_rejected": counter("Records refused."),
                        "records_skipped": counter("Records refused (the reference backend's name)."),
                        "records_inserted_new": counter("Records stored new; null when no batch told.", nullable: true),
                        "records_deduped_existing": counter("Records already stored; null when no batch told.", nullable: true),
                        "storage_result_level": storageResultLevel,
                        "newest_receipt_at": time("When the metric's latest batch arrived; null without batches."),
                        "last_synced_at": time("Same as `newest_receipt_at`: when the metric was last synced."),
                        "receipt_sample_window": ref("HealthSaveSampleWindow"),
                        "destination_row_count": counter("Records the server stores for the metric."),
                        "latest_destination_sample_time": time("Start time of the newest stored record."),
                        "destination": [
                            "type": "object",
                            "description": "What the server stores, in the words of `GET /api/apple/status`.",
                            "properties": [
                                "count": counter("Stored records."),
                                "oldest": time("Start time of the oldest stored record."),
                                "newest": time("Start time of the newest stored record."),
                            ],
                        ],
                        "freshness_state": [
                            "type": "string", "enum": ["fresh", "stale_payload", "receipt_only", "destination_only", "unknown"],
                            "description": "`fresh`: the latest receipt reaches the newest stored record; `stale_payload`: stored data is newer than any receipt; `receipt_only` / `destination_only`: only one side exists.",
                        ],
                    ],
                ],
            ],
        ],
        "examples": [[
            "status": "ok",
            "summary": ["metrics_seen": 1, "batches_seen": 2, "records_received": 120, "records_accepted": 119, "records_rejected": 1,
                        "records_skipped": 1, "records_inserted_new": 100, "records_deduped_existing": 19],
            "metrics": [[
                "metric": "heart_rate", "batches_seen": 2, "batches_processed": 2, "batches_empty": 0, "batches_failed": 0,
                "records_received": 120, "records_accepted": 119, "records_rejected": 1, "records_skipped": 1,
                "records_inserted_new": 100, "records_deduped_existing": 19, "storage_result_level": "inserted_vs_existing",
                "newest_receipt_at": "2026-04-10T07:20:02.480Z", "last_synced_at": "2026-04-10T07:20:02.480Z",
                "receipt_sample_window": exampleWindow, "destination_row_count": 4_210,
                "latest_destination_sample_time": "2026-04-10T07:13:00.000Z",
                "destination": ["count": 4_210, "oldest": "2026-01-02T08:00:00.000Z", "newest": "2026-04-10T07:13:00.000Z"],
                "freshness_state": "fresh",
            ]],
        ]],
    ]

    static let healthSaveDiagnostics: JSONValue = [
        "type": "object",
        "description": "A setup fingerprint without secrets or health data.",
        "required": ["service", "kind", "healthsave_compatible", "status", "version", "contract_versions", "auth_required"],
        "properties": [
            "service": ["type": "string", "description": "`healthd`."],
            "kind": ["type": "string", "description": "What this server is: a HealthSave-compatible API."],
            "healthsave_compatible": ["type": "boolean", "description": "Always true."],
            "status": ["type": "string", "enum": ["ok"], "description": "Always `ok` while the server answers."],
            "version": ["type": "string", "description": "Server version."],
            "contract_versions": ["type": "array", "items": ["type": "string"], "description": "HealthSave contract versions served."],
            "auth_required": ["type": "boolean", "description": "Whether the other routes need the token (always)."],
            "auth_headers": ["type": "array", "items": ["type": "string"], "description": "Headers that carry the token."],
            "health_endpoint": ["type": "string", "description": "Liveness path the app probes first."],
            "health_fallback_endpoint": ["type": "string", "description": "Liveness path the app tries after a 404."],
            "status_endpoint": ["type": "string", "description": "Per-metric counts for the app's status screen."],
            "ingest_endpoint": ["type": "string", "description": "The v1 batch path."],
            "v2_ingest_endpoint": ["type": "string", "description": "The v2 batch path."],
            "latest_sync_endpoint": ["type": "string", "description": "The latest run's receipt."],
            "sync_run_endpoint": ["type": "string", "description": "One run's receipt."],
            "coverage_endpoint": ["type": "string", "description": "Coverage per metric."],
            "grafana_required": ["type": "boolean", "description": "Always false: nothing else needs to run."],
            "wrong_port_hint": ["type": "string", "description": "What to check when the app reaches another service."],
            "limits": [
                "type": "object",
                "description": "Request limits.",
                "properties": [
                    "max_body_bytes": counter("Largest request body accepted."),
                    "idempotency_key_retention_days": counter("Days a batch's idempotency key (and its answer, for replays) is kept."),
                ],
            ],
        ],
        "examples": [[
            "service": "healthd", "kind": "HealthSave-compatible API", "healthsave_compatible": true, "status": "ok",
            "version": "0.1.0", "contract_versions": ["v1", "v2"], "auth_required": true,
            "auth_headers": ["Authorization: Bearer <token>", "x-api-key: <token>"],
            "health_endpoint": "/api/health", "health_fallback_endpoint": "/health", "status_endpoint": "/api/apple/status",
            "ingest_endpoint": "/api/apple/batch", "v2_ingest_endpoint": "/api/v2/apple/batch",
            "latest_sync_endpoint": "/api/v2/sync/runs/latest", "sync_run_endpoint": "/api/v2/sync/runs/{sync_run_id}",
            "coverage_endpoint": "/api/v2/sync/coverage", "grafana_required": false,
            "wrong_port_hint": "If the app shows Grafana, Homepage or another service's page, it points at the wrong port: enter the base URL healthd listens on (its --port), nothing after it.",
            "limits": ["max_body_bytes": 16_777_216, "idempotency_key_retention_days": 90],
        ]],
    ]

    /// The schemas this file adds to `components/schemas`.
    static var healthSaveComponents: [String: JSONValue] {
        [
            "HealthSaveSampleWindow": sampleWindow,
            "HealthSaveMetricReceipt": healthSaveMetricReceipt,
            "HealthSaveSyncRun": healthSaveSyncRun,
            "HealthSaveLatestSyncRun": healthSaveLatestSyncRun,
            "HealthSaveSyncCoverage": healthSaveSyncCoverage,
            "HealthSaveDiagnostics": healthSaveDiagnostics,
        ]
    }
}
