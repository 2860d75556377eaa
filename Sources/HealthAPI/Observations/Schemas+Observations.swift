import JSON

/// The schemas of `POST /api/v1/observations/batch`, with the batch API's field names.
extension Schemas {
    static let observation: JSONValue = [
        "type": "object",
        "description": "One observation. Members not listed are ignored; a listed member of the wrong type is a 400. What is missing or not usable (no `effective_datetime`, an unknown slug, a unit the metric does not take) is that observation's error in a 207.",
        "properties": [
            "xuser_id": ["type": "string", "description": "The user (this server's, `GET /info`)."],
            "biosignal_slug": ["type": "string", "description": "The biosignal, e.g. `Heart Rate`, `Oxygen Saturation`, `Blood Pressure`."],
            "loinc_code": ["type": "string", "description": "LOINC code, e.g. `8867-4`; decides the blood pressure side (8480-6 systolic, 8462-4 diastolic)."],
            "effective_datetime": ["type": "string", "description": "When it was measured, ISO 8601 (UTC)."],
            "value_quantity": ["type": ["number", "string"], "description": "The value (a category value for category types)."],
            "value_unit": ["type": "string", "description": "The unit of `value_quantity`, e.g. `bpm`, `%`."],
            "source_slug": ["type": "string", "description": "The source when `metadata` names none, e.g. `apple_health`."],
            "metadata": ["type": "object", "description": "`hk_type`, `hk_source`, `hk_device` and anything else worth keeping (at most 4 KiB).", "additionalProperties": true],
        ],
    ]

    static let observationBatch: JSONValue = [
        "type": "object",
        "description": "A batch of observations.",
        "required": ["observations"],
        "additionalProperties": false,
        "properties": [
            "observations": ["type": "array", "maxItems": 1000, "description": "At most 1,000 observations.", "items": ref("Observation")],
        ],
    ]

    static let observationBatchResult: JSONValue = [
        "type": "object",
        "description": "What the batch stored and what failed.",
        "required": ["created", "errors"],
        "additionalProperties": false,
        "properties": [
            "created": ["type": "integer", "minimum": 0, "description": "Observations stored that were not stored before."],
            "errors": ["type": "array", "description": "One entry per failed observation, its problems in one sentence (the batch's first 1,000 problems, the cap of every ingest path, are described).", "items": [
                "type": "object",
                "description": "A failed observation.",
                "required": ["index", "error"],
                "additionalProperties": false,
                "properties": [
                    "index": ["type": "integer", "minimum": 0, "description": "Position in `observations`."],
                    "error": ["type": "string", "description": "What is wrong with it."],
                ],
            ]],
        ],
    ]

    static let observationBatchExample: JSONValue = [
        "observations": [
            [
                "xuser_id": "550e8400-e29b-41d4-a716-446655440000", "biosignal_slug": "Heart Rate",
                "effective_datetime": "2026-04-04T14:30:00Z", "value_quantity": 72, "value_unit": "bpm", "source_slug": "apple_health",
                "metadata": ["hk_source": "com.apple.health", "hk_device": "Apple Watch Series 9"],
            ],
            [
                "xuser_id": "550e8400-e29b-41d4-a716-446655440000", "biosignal_slug": "Oxygen Saturation",
                "effective_datetime": "2026-04-04T14:30:00Z", "value_quantity": 98, "value_unit": "%", "source_slug": "apple_health",
            ],
        ],
    ]

    static var observationComponents: [String: JSONValue] {
        ["Observation": observation, "ObservationBatch": observationBatch, "ObservationBatchResult": observationBatchResult]
    }
}
