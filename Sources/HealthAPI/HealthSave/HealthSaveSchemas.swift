import JSON

/// JSON Schemas of the HealthSave routes, for the OpenAPI document.
enum HealthSaveSchemas {
    static let window: JSONValue = [
        "type": "object", "description": "Earliest start and latest end of the accepted samples, workouts, day totals and activity summaries (null without any).",
        "properties": [
            "min_sample_time": ["type": ["string", "null"], "description": "Earliest sample start (ISO 8601, UTC); for a day total or a day's rings, its local date's midnight."],
            "max_sample_time": ["type": ["string", "null"], "description": "Latest sample end (ISO 8601, UTC); for a day total or a day's rings, the last second of its local date."],
        ],
    ]

    static let batch: JSONValue = [
        "type": "object",
        "description": "One HealthSave metric batch (schema v1 or v2).",
        "required": ["metric"],
        "properties": [
            "metric": ["type": "string", "minLength": 1, "maxLength": 64, "description": "The HealthSave metric name (`heart_rate`, `sleep_analysis`, `workouts`, `activity_summaries`, …)."],
            "batch_index": ["type": ["integer", "null"], "minimum": 0, "description": "Index of this batch within the metric's upload."],
            "total_batches": ["type": ["integer", "null"], "minimum": 0, "description": "Number of batches of the metric's upload."],
            "schema_version": ["type": ["integer", "null"], "description": "2 for v2 bodies; absent for v1."],
            "samples": ["type": ["array", "null"], "description": "The samples in the app's shapes (quantity, sleep, blood pressure, category, workout, activity summary, ECG, heartbeat series).", "items": ["type": "object"]],
            "deletions": ["type": ["array", "null"], "description": "Samples deleted on the phone, by id: `{\"uuid\": …}` (or `provider_object_id`, or the id itself); entries without a readable id are counted and skipped.", "items": ["description": "One deleted sample."]],
            "source_bundle_id": ["type": ["string", "null"], "description": "Bundle id of the writing app, for samples that name none."],
            "device": ["type": ["object", "null"], "description": "The phone: its name is the source of samples that name none.", "properties": [
                "name": ["type": ["string", "null"], "description": "Device name."], "model": ["type": ["string", "null"], "description": "Device model."],
            ]],
            "client_platform": ["type": ["string", "null"], "description": "`android` for the Android bridge."],
            "client_schema_version": ["type": ["integer", "null"], "description": "The Android bridge's contract version."],
            "bridge_install_id": ["type": ["string", "null"], "description": "The Android bridge's install id."],
        ],
    ]

    static let batchExample: JSONValue = [
        "metric": "heart_rate", "batch_index": 0, "total_batches": 1,
        "samples": [["date": "2026-04-10T12:00:00Z", "qty": 72, "source": "Apple Watch"]],
    ]

    static let receipt: JSONValue = [
        "type": "object",
        "description": "The v1 answer plus the v2 receipt fields.",
        "required": ["status", "metric", "batch", "total_batches", "records"],
        "properties": [
            "status": ["type": "string", "enum": ["processed"], "description": "Always `processed`."],
            "metric": ["type": "string", "description": "The batch's metric as sent."],
            "batch": ["type": "integer", "description": "`batch_index` as sent (0 when absent)."],
            "total_batches": ["type": "integer", "description": "`total_batches` as sent (1 when absent)."],
            "records": ["type": "integer", "description": "Samples, workouts or activity summaries stored."],
            "receipt_id": ["type": "string", "description": "`<sync run>:<metric>:<batch index>`."],
            "sync_run_id": ["type": ["string", "null"], "description": "`X-HealthSave-Sync-Run-ID` as sent."],
            "batch_id": ["type": ["string", "null"], "description": "`X-HealthSave-Batch-ID` as sent."],
            "idempotency_key": ["type": ["string", "null"], "description": "`Idempotency-Key` as sent."],
            "batch_index": ["type": "integer", "description": "Same as `batch`."],
            "records_received": ["type": "integer", "description": "Elements of `samples`."],
            "records_accepted": ["type": "integer", "description": "Elements stored (same as `records`)."],
            "records_rejected": ["type": "integer", "description": "Elements refused (see `errors`)."],
            "records_inserted_new": ["type": "integer", "description": "Elements new to the server."],
            "records_deduped_existing": ["type": "integer", "description": "Elements the server already held (updated or unchanged)."],
            "records_deduped_in_batch": ["type": "integer", "description": "Elements repeated within the batch."],
            "storage_result_level": ["type": "string", "description": "`committed`: the answer follows the committed, flushed transaction."],
            "verification_level": ["type": "string", "description": "`delivery_receipt` when the batch carried an idempotency key, else `batch_ack`."],
            "sample_window": window,
            "per_metric": ["type": "object", "description": "The same counts by metric.", "additionalProperties": ["type": "object"]],
            "deletions": ["type": "object", "description": "What `deletions` did.", "properties": [
                "received": ["type": "integer", "description": "Entries of `deletions`."],
                "deleted": ["type": "integer", "description": "Stored samples removed."],
                "not_found": ["type": "integer", "description": "Ids the server did not hold (no error)."],
            ]],
            "errors": ["type": "array", "description": "Problems of rejected elements (at most 1,000, the cap of every ingest path), when there were any.", "items": ["type": "object"]],
        ],
    ]

    static let status: JSONValue = [
        "type": "object",
        "description": "HealthSave metric name → stored counts; never wrapped.",
        "additionalProperties": [
            "type": "object", "description": "Counts of one metric.",
            "properties": [
                "count": ["type": "integer", "description": "Stored samples plus day totals (or records)."],
                "oldest": ["type": ["string", "null"], "description": "Earliest start (ISO 8601, UTC; a date YYYY-MM-DD where every record stands for a day: activity summaries, metrics held only as day totals)."],
                "newest": ["type": ["string", "null"], "description": "Latest start (ISO 8601, UTC; a date YYYY-MM-DD where every record stands for a day)."],
            ],
        ],
    ]
}
