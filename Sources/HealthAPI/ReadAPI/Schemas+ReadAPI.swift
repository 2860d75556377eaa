import JSON

/// The schemas of the on-phone read API (`/health-data`, `/types`, `/info`, `/ping`),
/// with its snake_case field names.
extension Schemas {
    static let readRecord: JSONValue = [
        "type": "object",
        "description": "One stored sample.",
        "required": ["value", "unit", "start_date", "end_date", "source", "device"],
        "additionalProperties": false,
        "properties": [
            "value": ["type": ["number", "string", "null"], "description": "The value in `unit`; a category sample's category (a sleep stage)."],
            "unit": ["type": "string", "description": "The type's unit (`category` for category types)."],
            "start_date": ["type": "string", "format": "date-time", "description": "Start, UTC."],
            "end_date": ["type": "string", "format": "date-time", "description": "End, UTC."],
            "source": ["type": ["string", "null"], "description": "The recording source."],
            "device": ["type": ["string", "null"], "description": "The device, when known."],
        ],
    ]

    static let healthData: JSONValue = [
        "type": "object",
        "description": "Records by requested type, and what the query covered.",
        "required": ["data", "metadata"],
        "additionalProperties": false,
        "properties": [
            "data": ["type": "object", "description": "Records by type id, oldest first.", "additionalProperties": ["type": "array", "items": ref("ReadRecord")]],
            "metadata": [
                "type": "object",
                "description": "What the query covered.",
                "required": ["query_time_ms", "total_records", "types_requested", "date_range"],
                "additionalProperties": false,
                "properties": [
                    "query_time_ms": ["type": "integer", "minimum": 0, "description": "Time spent answering, in ms."],
                    "total_records": ["type": "integer", "minimum": 0, "description": "Records in `data`."],
                    "types_requested": ["type": "array", "items": ["type": "string"], "description": "The type ids, as asked for."],
                    "date_range": [
                        "type": "object",
                        "description": "The bounds used, UTC.",
                        "required": ["start", "end"],
                        "additionalProperties": false,
                        "properties": [
                            "start": ["type": "string", "format": "date-time", "description": "First instant included, UTC."],
                            "end": ["type": "string", "format": "date-time", "description": "Last second included, UTC."],
                        ],
                    ],
                ],
            ],
        ],
    ]

    static let readTypes: JSONValue = [
        "type": "object",
        "description": "The types `/health-data` serves.",
        "required": ["types"],
        "additionalProperties": false,
        "properties": [
            "types": ["type": "array", "description": "Seed ids first, then catalog names.", "items": [
                "type": "object",
                "description": "One type.",
                "required": ["id", "name", "healthkit_type", "unit", "permission"],
                "additionalProperties": false,
                "properties": [
                    "id": ["type": "string", "description": "What `/health-data?types=` takes."],
                    "name": ["type": "string", "description": "Display name."],
                    "healthkit_type": ["type": ["string", "null"], "description": "The HealthKit identifier."],
                    "unit": ["type": "string", "description": "The unit records of this type are given in."],
                    "permission": ["type": "string", "enum": ["authorized", "not_determined"], "description": "`authorized` when samples of the type are stored."],
                ],
            ]],
        ],
    ]

    static let serverInfo: JSONValue = [
        "type": "object",
        "description": "The server, its user and what it stores.",
        "required": ["server", "user", "healthkit", "storage"],
        "additionalProperties": false,
        "properties": [
            "server": ["type": "object", "description": "The server.", "required": ["name", "version", "protocol_version", "uptime"], "additionalProperties": false, "properties": [
                "name": ["type": "string", "description": "Always `healthd`."], "version": ["type": "string", "description": "Server version."],
                "protocol_version": ["type": "string", "description": "Read API protocol version."],
                "uptime": ["type": "integer", "minimum": 0, "description": "Seconds since start."],
            ]],
            "user": ["type": "object", "description": "The server's one user.", "required": ["id"], "additionalProperties": false, "properties": [
                "id": ["type": "string", "format": "uuid", "description": "The user id observation batches name as `xuser_id`."],
            ]],
            "healthkit": ["type": "object", "description": "Types with data, as the seed words it.", "required": ["available", "authorized_types", "total_types"], "additionalProperties": false, "properties": [
                "available": ["type": "boolean", "description": "Always true: stored data is readable."],
                "authorized_types": ["type": "integer", "minimum": 0, "description": "Types with stored samples."],
                "total_types": ["type": "integer", "minimum": 0, "description": "Types `GET /types` lists."],
            ]],
            "storage": ["type": "object", "description": "What is stored.", "required": ["samples", "metrics", "first_sample", "last_sample"], "additionalProperties": false, "properties": [
                "samples": ["type": "integer", "minimum": 0, "description": "Stored samples."],
                "metrics": ["type": "integer", "minimum": 0, "description": "Metric names with stored samples (raw ones included)."],
                "first_sample": ["type": ["string", "null"], "format": "date-time", "description": "Earliest sample start."],
                "last_sample": ["type": ["string", "null"], "format": "date-time", "description": "Latest sample end."],
            ]],
        ],
    ]

    static let pong: JSONValue = [
        "type": "object",
        "description": "The answer to a ping.",
        "required": ["pong", "timestamp"],
        "additionalProperties": false,
        "properties": [
            "pong": ["type": "boolean", "const": true, "description": "Always true."],
            "timestamp": ["type": "string", "format": "date-time", "description": "Server time, UTC."],
        ],
    ]

    static var readAPIComponents: [String: JSONValue] {
        ["ReadRecord": readRecord, "HealthData": healthData, "ReadTypes": readTypes, "ServerInfo": serverInfo, "Pong": pong]
    }
}
