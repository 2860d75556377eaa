import JSON

extension Schemas {
    /// Health Auto Export's REST API body, as far as the adapter reads it.
    static let healthAutoExportPayload: JSONValue = [
        "type": "object",
        "description": "Health Auto Export's REST API body (JSON format, export version 1 or 2). `workouts` may also sit at the root beside `data`; one of the two is required.",
        "anyOf": [["required": ["data"]], ["required": ["workouts"]]],
        "properties": [
            "data": [
                "type": "object",
                "description": "The exported window. Arrays other than `metrics` and `workouts` (stateOfMind, medications, symptoms, ecg, heartRateNotifications, cycleTracking, …) are stored raw as `hae_<name>` samples with their fields in metadata.",
                "properties": [
                    // Items are not typed here: HAE bodies carry odd items, and one odd item never
                    // fails the payload (it is a per-item error, the rest is stored).
                    "metrics": ["type": ["array", "null"], "description": "One entry per metric: {name, units, data: [points]} — `name` is HAE's metric name (step_count, heart_rate, sleep_analysis, blood_pressure, …) resolved through the catalog's aliases (unknown names are stored raw); `units` as HAE localises them (count, kcal, kJ, count/min, %, lb, mi, hr, …); `data` points {date, qty, source}, {date, Min, Avg, Max, source}, {date, systolic, diastolic}, sleep segments {startDate, endDate, value} or aggregated nights {sleepStart, sleepEnd, deep, core, rem, awake, asleep, inBed, totalSleep, source}. An entry without a `data` array, or an item that is not an object, is a per-item error; the rest is stored.",
                                "items": ["description": "One metric entry."]],
                    "workouts": ["type": ["array", "null"], "description": "Workouts, export version 1 or 2, each shaped as `HealthAutoExportWorkout`; an item that does not read as one is a per-item error.", "items": ["description": "One workout (HealthAutoExportWorkout)."]],
                ],
            ],
            "workouts": ["type": ["array", "null"], "description": "Workouts at the root, as some versions send them, each shaped as `HealthAutoExportWorkout`; an item that does not read as one is a per-item error.", "items": ["description": "One workout (HealthAutoExportWorkout)."]],
        ],
    ]

    /// One HAE workout, both export versions.
    static let healthAutoExportWorkout: JSONValue = [
        "type": "object",
        "required": ["name", "start", "end"],
        "description": "A workout. v2 sends `id`, `duration`, `activeEnergyBurned`, `heartRateData` and a `route` of {latitude, longitude}; v1 `activeEnergy`, `stepCount`, `elevation` and a `route` of {lat, lon}. Per-minute arrays never become day samples.",
        "properties": [
            "id": ["type": "string", "description": "v2: the workout's id, used as its key."],
            "name": ["type": "string", "description": "Display name (\"Outdoor Run\"), resolved to an activity type."],
            "start": ["type": "string", "description": "Start date (yyyy-MM-dd HH:mm:ss Z)."],
            "end": ["type": "string", "description": "End date (yyyy-MM-dd HH:mm:ss Z)."],
            "duration": ["type": "number", "description": "v2: active seconds."],
            "activeEnergyBurned": ["type": "object", "description": "v2: total active energy {qty, units}."],
            "distance": ["type": "object", "description": "Distance {qty, units}."],
            "heartRateData": ["type": "array", "description": "Heart-rate timeline: {date, Avg} (v2) or {date, qty} (v1).", "items": ["type": "object", "description": "One reading."]],
            "route": ["type": "array", "description": "Route points {latitude, longitude} (v2) or {lat, lon} (v1), with altitude and timestamp.", "items": ["type": "object", "description": "One location."]],
        ],
    ]

    /// What an HAE ingest did.
    static let healthAutoExportResult: JSONValue = [
        "type": "object",
        "description": "What the ingest did: `received` and `rejected` count wire elements (points, nights, entries, workouts); `samples` … `unchanged` count samples.",
        "required": ["received", "samples", "inserted", "updated", "unchanged", "deleted", "rejected", "errors", "affectedDays", "rawOnlyMetrics",
                     "workoutsInserted", "workoutsUpdated", "workoutsUnchanged", "workoutsRejected"],
        "properties": [
            "received": ["type": "integer", "description": "Wire elements read."],
            "samples": ["type": "integer", "description": "Samples the elements made (a blood pressure point is two, an aggregated night up to six)."],
            "inserted": ["type": "integer", "description": "New samples stored."],
            "updated": ["type": "integer", "description": "Stored samples whose content changed."],
            "unchanged": ["type": "integer", "description": "Re-sent samples identical to what was stored (nothing rewritten)."],
            "deleted": ["type": "integer", "description": "Always 0: HAE sends no deletions."],
            "rejected": ["type": "integer", "description": "Wire elements with at least one problem."],
            "errors": ["type": "array", "description": "One entry per problem (at most 1,000, the cap of every ingest path); `field` is the wire path (`data.metrics[2].data[5].date`).", "items": [
                "type": "object", "description": "A problem.",
                "properties": [
                    "field": ["type": "string", "description": "Wire path of the field."],
                    "code": ["type": "string", "description": "The rule (required, format, unknown_value, range, …)."],
                    "message": ["type": "string", "description": "What is wrong, in words."],
                    "metric": ["type": ["string", "null"], "description": "The metric name, for sample problems."],
                ],
            ]],
            "affectedDays": ["type": "array", "items": ["type": "string", "format": "date", "description": "A local day."], "description": "Local days whose aggregates were recomputed."],
            "rawOnlyMetrics": ["type": "array", "items": ["type": "string", "description": "A metric name."], "description": "Names stored raw (not in the catalog)."],
            "workoutsInserted": ["type": "integer", "description": "New workouts stored."],
            "workoutsUpdated": ["type": "integer", "description": "Stored workouts whose content changed."],
            "workoutsUnchanged": ["type": "integer", "description": "Re-sent workouts identical to what was stored."],
            "workoutsRejected": ["type": "integer", "description": "Workouts with a problem."],
        ],
    ]

    /// The request example of the HAE routes.
    static let healthAutoExportExample: JSONValue = [
        "data": [
            "metrics": [
                ["name": "step_count", "units": "count", "data": [["date": "2026-05-14 09:00:00 +0200", "qty": 1200, "source": "Apple Watch"]]],
                ["name": "heart_rate", "units": "count/min", "data": [["date": "2026-05-14 09:00:00 +0200", "Min": 58, "Avg": 64, "Max": 71, "source": "Apple Watch"]]],
                ["name": "sleep_analysis", "units": "hr", "data": [[
                    "date": "2026-05-15 00:00:00 +0200", "sleepStart": "2026-05-14 23:00:00 +0200", "sleepEnd": "2026-05-15 07:00:00 +0200",
                    "deep": 1.5, "core": 4, "rem": 2.25, "awake": 0.25, "asleep": 0, "inBed": 8.25, "source": "Apple Watch",
                ]]],
            ],
            "workouts": [],
        ],
    ]

    /// The schemas this file adds to `components/schemas`.
    static var healthAutoExportComponents: [String: JSONValue] {
        ["HealthAutoExportPayload": healthAutoExportPayload, "HealthAutoExportWorkout": healthAutoExportWorkout, "HealthAutoExportResult": healthAutoExportResult]
    }
}
