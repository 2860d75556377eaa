import HealthDomain
import JSON
import HealthStore

extension Schemas {
    static var writeIntentComponents: [String: JSONValue] {
        [
            "WriteIntentRequest": writeIntentRequest,
            "WriteIntent": writeIntent,
            "WriteIntentUpsertResult": writeIntentUpsertResult,
            "WriteIntentPage": writeIntentPage,
            "WriteIntentDetail": writeIntentDetail,
            "WriteIntentAckRequest": writeIntentAckRequest,
            "WriteIntentAck": writeIntentAck,
            "WriteIntentAckResult": writeIntentAckResult,
        ]
    }

    static let externalIdSchema: JSONValue = [
        "type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[A-Za-z0-9._:@~+-]{1,200}$",
        "not": ["enum": .array(WriteIntentRequest.reservedExternalIds.sorted().map { .string($0) })],
        "description": "The author's stable id of the entry: 1–200 letters, digits and . _ - : @ ~ +, not `pending` or `ack`; the upsert key and HealthKit's sync identifier.",
    ]

    /// Epoch milliseconds a write intent may name: 1970-01-01 up to (not including) 2100-01-01.
    static let intentTimeSchema: JSONValue = ["type": "integer", "minimum": .number(Double(SampleRules.earliestMs)), "maximum": .number(Double(SampleRules.latestMs - 1))]
    static func intentTime(_ description: String) -> JSONValue {
        var object = intentTimeSchema.objectValue ?? [:]
        object["description"] = .string(description)
        return .object(object)
    }

    static let writeIntentRequest: JSONValue = [
        "type": "object",
        "description": "A value to write into HealthKit.",
        "required": ["externalId", "metric", "valueNumber", "unit", "startTimeMs", "timezone"],
        "additionalProperties": false,
        "properties": [
            "externalId": externalIdSchema,
            "metric": ["type": "string", "enum": ["dietary_energy_kcal", "body_mass_kg", "body_fat_percent"], "description": "What to write."],
            "valueNumber": ["type": "number", "description": "The value in `unit` (dietary energy 0–20000 kcal, body mass 1–650 kg, body fat 0–100 %; outside that, after conversion, a 422)."],
            "unit": ["type": "string", "minLength": 1, "maxLength": 32, "description": "Unit of valueNumber: kcal, Cal or kJ for energy; kg, g, lb or lbs for mass; % for body fat. Another unit is a 422."],
            "startTimeMs": intentTime("When it happened, Unix epoch milliseconds (1970 to 2099)."),
            "endTimeMs": intentTime("End, Unix epoch milliseconds (≥ startTimeMs, at most 24 h later, else 422). Default: startTimeMs."),
            "timezone": TimezoneName.schema(description: "IANA time zone of the entry; decides its local day. A well-formed name the server does not know is a 422."),
            "note": ["type": "string", "maxLength": .number(Double(Limits.intentNoteLength)), "description": "Free text, e.g. what was eaten."],
            "source": ["type": "string", "maxLength": .number(Double(Limits.intentSourceLength)), "description": "Who authored it (a script or an agent)."],
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
            "metric": ["type": "string", "description": "What to write: dietary_energy_kcal, body_mass_kg or body_fat_percent."],
            "valueNumber": ["type": "number", "description": "The value as posted, in `unit`."],
            "unit": ["type": "string", "description": "The unit as posted (kcal, Cal, kJ, kg, g, lb, lbs or %)."],
            "startTimeMs": ["type": "integer", "description": "Start, Unix epoch milliseconds."],
            "endTimeMs": ["type": "integer", "description": "End, Unix epoch milliseconds."],
            "timezone": ["type": "string", "description": "IANA time zone of the entry."],
            "dayKey": ["type": "string", "format": "date", "description": "Local date of startTimeMs in timezone."],
            "note": ["type": ["string", "null"], "description": "Free text, or null."],
            "source": ["type": ["string", "null"], "description": "Who authored it, or null."],
            "version": ["type": "integer", "minimum": 1, "description": "Increments whenever the content changes; pass it to HealthKit as the sync version and back in the ack."],
            "status": ["type": "string", "enum": .array(IntentStatus.allCases.map { .string($0.rawValue) }), "description": "Where the intent is: pending (offered to the phone), failed (offered again at nextRetryAt), applied (written, waiting for the sample to sync back), reconciled (the sample came back through ingest), skipped, dead, cancelled."],
            "attempts": ["type": "integer", "minimum": 0, "description": "Acknowledged tries of this version."],
            "nextRetryAt": ["type": ["integer", "null"], "description": "For failed intents: when it is offered again."],
            "lastError": ["type": ["string", "null"], "description": "The error of the last failed or skipped ack, or null."],
            "lastResult": ["type": ["string", "null"], "enum": ["applied", "failed", "skipped", nil], "description": "The result of the last ack, or null before any."],
            "deadReason": ["type": ["string", "null"], "enum": ["max_attempts", "not_retryable", nil], "description": "Why the intent is dead, or null."],
            "healthKitUUID": ["type": ["string", "null"], "description": "UUID of the written HealthKit sample."],
            "reconciledSampleKey": ["type": ["string", "null"], "description": "The ingested sample that reconciled it."],
            "createdAt": ["type": "integer", "description": "When it was first posted, Unix epoch milliseconds."],
            "updatedAt": ["type": "integer", "description": "When it last changed, Unix epoch milliseconds."],
            "lastAttemptAt": ["type": ["integer", "null"], "description": "When the last ack arrived, Unix epoch milliseconds, or null."],
            "appliedAt": ["type": ["integer", "null"], "description": "When the phone reported it written, Unix epoch milliseconds, or null."],
            "reconciledAt": ["type": ["integer", "null"], "description": "When its sample came back through ingest, Unix epoch milliseconds, or null."],
            "cancelledAt": ["type": ["integer", "null"], "description": "When it was cancelled, Unix epoch milliseconds, or null."],
            "healthKit": [
                "type": "object", "required": ["syncIdentifier", "syncVersion"],
                "description": "Metadata to write with the sample: HKMetadataKeySyncIdentifier and HKMetadataKeySyncVersion.",
                "properties": ["syncIdentifier": ["type": "string", "description": "HKMetadataKeySyncIdentifier: the externalId."],
                                "syncVersion": ["type": "integer", "description": "HKMetadataKeySyncVersion: the version."]],
            ],
        ],
    ]

    static let writeIntentUpsertResult: JSONValue = [
        "type": "object",
        "description": "What an upsert or a cancellation did, and the intent as stored now.",
        "required": ["outcome", "intent"],
        "properties": [
            "outcome": ["type": "string", "enum": ["created", "updated", "unchanged", "cancelled"], "description": "What the request did."],
            "intent": ref("WriteIntent"),
        ],
    ]

    static let writeIntentPage: JSONValue = [
        "type": "object",
        "description": "One page of intents, oldest first.",
        "required": ["intents", "nextCursor"],
        "properties": [
            "intents": ["type": "array", "items": ref("WriteIntent"), "description": "The intents of this page."],
            "nextCursor": ["type": ["string", "null"], "description": "Pass as `cursor` for the next page; null on the last page."],
        ],
    ]

    static let writeIntentDetail: JSONValue = [
        "type": "object",
        "description": "One intent and its history.",
        "required": ["intent", "history"],
        "properties": [
            "intent": ref("WriteIntent"),
            "history": ["type": "array", "description": "Events, oldest first.", "items": [
                "type": "object",
                "required": ["at", "version", "event", "status"],
                "properties": [
                    "at": ["type": "integer", "description": "Unix epoch milliseconds."],
                    "version": ["type": "integer", "description": "The intent's version at the event."],
                    "event": ["type": "string", "enum": ["created", "updated", "applied", "failed", "dead", "skipped", "cancelled", "reconciled", "uuid_recorded"], "description": "What happened."],
                    "status": ["type": "string", "description": "Status after the event."],
                    "detail": ["type": ["string", "null"], "description": "Context, e.g. the previous status or the error; null when none."],
                ],
            ]],
        ],
    ]

    static let writeIntentAckRequest: JSONValue = [
        "type": "object",
        "description": "Acks for pulled intents.",
        "required": ["acks"],
        "additionalProperties": false,
        "properties": [
            "acks": ["type": "array", "maxItems": .number(Double(Limits.acksPerRequest)), "description": "Up to 500 acks (more is a 413). Each item is checked on its own: one that does not match `WriteIntentAck` is answered in `results` with outcome `invalid`, and the others are still applied.", "items": [
                "type": "object",
                "description": "One ack, in the shape of `WriteIntentAck`.",
            ]],
        ],
    ]

    static let writeIntentAck: JSONValue = [
                "type": "object",
                "description": "What the phone did with one pulled intent.",
                "required": ["externalId", "version", "result"],
                "additionalProperties": false,
                "properties": [
                    "externalId": externalIdSchema,
                    "version": ["type": "integer", "minimum": 1, "description": "The version that was pulled and applied."],
                    "result": ["type": "string", "enum": ["applied", "failed", "skipped"], "description": "What the phone did: applied (written), failed (may be retried), skipped (will not be written)."],
                    "error": ["type": "string", "maxLength": .number(Double(Limits.ackErrorLength)), "description": "Why it failed or was skipped."],
                    "retryable": ["type": "boolean", "default": true, "description": "For failed: whether another try may succeed."],
                    "healthKitUUID": ["type": "string", "maxLength": 256, "description": "For applied: the UUID of the HealthKit sample written."],
                    "attempt": ["type": "integer", "minimum": 0, "description": "The intent's `attempts` when pulled; distinguishes a repeated ack from a new try."],
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
        "description": "What each ack did.",
        "required": ["received", "accepted", "refused", "outcomes", "results"],
        "properties": [
            "received": ["type": "integer", "description": "Acks in the request."],
            "accepted": ["type": "integer", "description": "Acks that changed an intent."],
            "refused": ["type": "integer", "description": "Acks refused (stale_version, unknown_version, conflict, not_found, invalid)."],
            "outcomes": ["type": "object", "additionalProperties": ["type": "integer"], "description": "Count per outcome."],
            "results": ["type": "array", "description": "One per ack, in request order.", "items": [
                "type": "object",
                "required": ["index", "outcome", "externalId", "version"],
                "properties": [
                    "index": ["type": "integer", "description": "Position in `acks`."],
                    "outcome": ["type": "string", "enum": ["accepted", "duplicate", "ignored", "stale_version", "unknown_version", "conflict", "not_found", "invalid"], "description": "What the ack did; all but accepted, duplicate and ignored are refusals."],
                    "externalId": ["type": ["string", "null"], "description": "The externalId the ack named, or null when it named none."],
                    "version": ["type": ["integer", "null"], "description": "The version the ack named."],
                    "status": ["type": "string", "description": "The intent's status after the ack."],
                    "currentVersion": ["type": "integer", "description": "The intent's version now."],
                    "attempts": ["type": "integer", "description": "Acknowledged tries of the current version."],
                    "nextRetryAt": ["type": ["integer", "null"], "description": "For failed: when it is offered again, Unix epoch milliseconds."],
                    "message": ["type": "string", "description": "Why the ack was refused, in one sentence."],
                    "field": ["type": "string", "description": "For invalid: the offending field."],
                    "rule": ["type": "string", "description": "For invalid: the rule it broke."],
                ],
            ]],
        ],
    ]
}
