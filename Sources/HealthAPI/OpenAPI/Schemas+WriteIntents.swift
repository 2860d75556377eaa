import HealthDomain

extension Schemas {
    static var writeIntentComponents: [String: JSONValue] {
        [
            "WriteIntentRequest": writeIntentRequest,
            "WriteIntent": writeIntent,
            "WriteIntentUpsertResult": writeIntentUpsertResult,
            "WriteIntentPage": writeIntentPage,
            "WriteIntentDetail": writeIntentDetail,
            "WriteIntentAckRequest": writeIntentAckRequest,
            "WriteIntentAckResult": writeIntentAckResult,
        ]
    }

    static let externalIdSchema: JSONValue = [
        "type": "string", "pattern": "^[A-Za-z0-9._:@~+-]{1,200}$",
        "description": "The author's stable id of the entry; the upsert key and HealthKit's sync identifier.",
    ]

    static let writeIntentRequest: JSONValue = [
        "type": "object",
        "description": "A value to write into HealthKit.",
        "required": ["externalId", "metric", "valueNumber", "unit", "startTimeMs", "timezone"],
        "additionalProperties": false,
        "properties": [
            "externalId": externalIdSchema,
            "metric": ["type": "string", "enum": ["dietary_energy_kcal", "body_mass_kg", "body_fat_percent"], "description": "What to write."],
            "valueNumber": ["type": "number", "description": "The value in `unit` (dietary energy 0–20000 kcal, body mass 1–650 kg, body fat 0–100 %)."],
            "unit": ["type": "string", "description": "kcal, Cal or kJ for energy; kg, g, lb or lbs for mass; % for body fat."],
            "startTimeMs": ["type": "integer", "description": "When it happened, Unix epoch milliseconds."],
            "endTimeMs": ["type": "integer", "description": "End, Unix epoch milliseconds (≥ startTimeMs, at most 24 h later). Default: startTimeMs."],
            "timezone": ["type": "string", "description": "IANA time zone of the entry; decides its local day."],
            "note": ["type": "string", "maxLength": 1000, "description": "Free text, e.g. what was eaten."],
            "source": ["type": "string", "maxLength": 256, "description": "Who authored it (a script or an agent)."],
        ],
    ]

    static let writeIntentExample: JSONValue = [
        "externalId": "meal-2026-04-10-lunch", "metric": "dietary_energy_kcal", "valueNumber": 400, "unit": "kcal",
        "startTimeMs": 1775815200000, "timezone": "Europe/Berlin", "note": "lentil soup and bread", "source": "nutrition-agent",
    ]

    static let writeIntent: JSONValue = [
        "type": "object",
        "description": "A queued HealthKit write and its state. Timestamps are Unix epoch milliseconds.",
        "required": ["externalId", "metric", "valueNumber", "unit", "startTimeMs", "endTimeMs", "timezone", "dayKey", "version", "status", "attempts", "healthKit"],
        "properties": [
            "externalId": externalIdSchema,
            "metric": ["type": "string"],
            "valueNumber": ["type": "number"],
            "unit": ["type": "string"],
            "startTimeMs": ["type": "integer"],
            "endTimeMs": ["type": "integer"],
            "timezone": ["type": "string"],
            "dayKey": ["type": "string", "format": "date", "description": "Local date of startTimeMs in timezone."],
            "note": ["type": ["string", "null"]],
            "source": ["type": ["string", "null"]],
            "version": ["type": "integer", "minimum": 1, "description": "Increments whenever the content changes; pass it to HealthKit as the sync version and back in the ack."],
            "status": ["type": "string", "enum": .array(IntentStatus.allCases.map { .string($0.rawValue) })],
            "attempts": ["type": "integer", "minimum": 0, "description": "Acknowledged tries of this version."],
            "nextRetryAt": ["type": ["integer", "null"], "description": "For failed intents: when it is offered again."],
            "lastError": ["type": ["string", "null"]],
            "lastResult": ["type": ["string", "null"], "enum": ["applied", "failed", "skipped", nil]],
            "deadReason": ["type": ["string", "null"], "enum": ["max_attempts", "not_retryable", nil]],
            "healthKitUUID": ["type": ["string", "null"], "description": "UUID of the written HealthKit sample."],
            "reconciledSampleKey": ["type": ["string", "null"], "description": "The ingested sample that reconciled it."],
            "createdAt": ["type": "integer"],
            "updatedAt": ["type": "integer"],
            "lastAttemptAt": ["type": ["integer", "null"]],
            "appliedAt": ["type": ["integer", "null"]],
            "reconciledAt": ["type": ["integer", "null"]],
            "cancelledAt": ["type": ["integer", "null"]],
            "healthKit": [
                "type": "object", "required": ["syncIdentifier", "syncVersion"],
                "description": "Metadata to write with the sample: HKMetadataKeySyncIdentifier and HKMetadataKeySyncVersion.",
                "properties": ["syncIdentifier": ["type": "string"], "syncVersion": ["type": "integer"]],
            ],
        ],
    ]

    static let writeIntentUpsertResult: JSONValue = [
        "type": "object",
        "required": ["outcome", "intent"],
        "properties": [
            "outcome": ["type": "string", "enum": ["created", "updated", "unchanged", "cancelled"], "description": "What the request did."],
            "intent": ref("WriteIntent"),
        ],
    ]

    static let writeIntentPage: JSONValue = [
        "type": "object",
        "required": ["intents", "nextCursor"],
        "properties": [
            "intents": ["type": "array", "items": ref("WriteIntent")],
            "nextCursor": ["type": ["string", "null"], "description": "Pass as `cursor` for the next page; null on the last page."],
        ],
    ]

    static let writeIntentDetail: JSONValue = [
        "type": "object",
        "required": ["intent", "history"],
        "properties": [
            "intent": ref("WriteIntent"),
            "history": ["type": "array", "description": "Events, oldest first.", "items": [
                "type": "object",
                "required": ["at", "version", "event", "status"],
                "properties": [
                    "at": ["type": "integer", "description": "Unix epoch milliseconds."],
                    "version": ["type": "integer"],
                    "event": ["type": "string", "enum": ["created", "updated", "applied", "failed", "dead", "skipped", "cancelled", "reconciled", "uuid_recorded"]],
                    "status": ["type": "string", "description": "Status after the event."],
                    "detail": ["type": ["string", "null"]],
                ],
            ]],
        ],
    ]

    static let writeIntentAckRequest: JSONValue = [
        "type": "object",
        "required": ["acks"],
        "additionalProperties": false,
        "properties": [
            "acks": ["type": "array", "maxItems": 500, "items": [
                "type": "object",
                "required": ["externalId", "version", "result"],
                "additionalProperties": false,
                "properties": [
                    "externalId": externalIdSchema,
                    "version": ["type": "integer", "minimum": 1, "description": "The version that was pulled and applied."],
                    "result": ["type": "string", "enum": ["applied", "failed", "skipped"]],
                    "error": ["type": "string", "maxLength": 1000, "description": "Why it failed or was skipped."],
                    "retryable": ["type": "boolean", "default": true, "description": "For failed: whether another try may succeed."],
                    "healthKitUUID": ["type": "string", "maxLength": 256, "description": "For applied: the UUID of the HealthKit sample written."],
                    "attempt": ["type": "integer", "minimum": 0, "description": "The intent's `attempts` when pulled; distinguishes a repeated ack from a new try."],
                ],
            ]],
        ],
    ]

    static let writeIntentAckExample: JSONValue = [
        "acks": [
            ["externalId": "meal-2026-04-10-lunch", "version": 1, "result": "applied", "healthKitUUID": "9C1F3A52-7E0B-4D7A-A1D2-3B5E8F0C6D11"],
            ["externalId": "weight-2026-04-10", "version": 2, "result": "failed", "error": "HealthKit authorization denied", "retryable": false],
        ],
    ]

    static let writeIntentAckResult: JSONValue = [
        "type": "object",
        "required": ["received", "accepted", "refused", "outcomes", "results"],
        "properties": [
            "received": ["type": "integer"],
            "accepted": ["type": "integer", "description": "Acks that changed an intent."],
            "refused": ["type": "integer", "description": "Acks refused (stale_version, unknown_version, conflict, not_found, invalid)."],
            "outcomes": ["type": "object", "additionalProperties": ["type": "integer"], "description": "Count per outcome."],
            "results": ["type": "array", "description": "One per ack, in request order.", "items": [
                "type": "object",
                "required": ["index", "outcome", "externalId", "version"],
                "properties": [
                    "index": ["type": "integer"],
                    "outcome": ["type": "string", "enum": ["accepted", "duplicate", "ignored", "stale_version", "unknown_version", "conflict", "not_found", "invalid"]],
                    "externalId": ["type": ["string", "null"]],
                    "version": ["type": ["integer", "null"], "description": "The version the ack named."],
                    "status": ["type": "string", "description": "The intent's status after the ack."],
                    "currentVersion": ["type": "integer"],
                    "attempts": ["type": "integer"],
                    "nextRetryAt": ["type": ["integer", "null"]],
                    "message": ["type": "string"],
                    "field": ["type": "string", "description": "For invalid: the offending field."],
                    "rule": ["type": "string", "description": "For invalid: the rule it broke."],
                ],
            ]],
        ],
    ]
}
