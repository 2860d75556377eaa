import JSON

extension Schemas {
    private static func count(_ description: String) -> JSONValue { ["type": "integer", "minimum": 0, "description": .string(description)] }

    private static func countMap(_ description: String) -> JSONValue {
        ["type": "object", "additionalProperties": ["type": "integer", "minimum": 0], "description": .string(description)]
    }

    /// What an import did (`ImportReport`).
    static let importReport: JSONValue = [
        "type": "object",
        "description": "What the import stored: records read per HealthKit type, what became of them, workouts, routes, rings, and the first problems.",
        "required": ["exportFile", "records", "recordsByType", "inserted", "updated", "unchanged", "rejected", "repeated", "daysTouched", "elapsedSeconds", "errors"],
        "properties": [
            "exportFile": ["type": "string", "description": "The export found in the upload (`apple_health_export/export.xml`, or the name the phone's language gave it)."],
            "records": count("`Record` elements read, correlation members included."),
            "recordsByType": countMap("Records read per HealthKit type identifier."),
            "rejectedByType": countMap("Records rejected per HealthKit type identifier."),
            "skippedElements": countMap("Other top-level elements that map to nothing stored (clinical records, audiograms), by element name."),
            "inserted": count("Samples stored new."),
            "updated": count("Stored samples whose value changed."),
            "unchanged": count("Samples already stored as they are: a re-import, or a sample an app synced."),
            "rejected": count("Records that broke a rule (the first ones are in `errors`)."),
            "superseded": count("Records older than another version of the same object in the file (HealthKit sync version)."),
            "repeated": count("Records the file repeats (a correlation member, also listed on its own; an earlier version of a record with a sync identifier): stored once. Two equal records without a sync identifier are two entries."),
            "workoutsInserted": count("Workouts stored new."),
            "workoutsUpdated": count("Stored workouts that changed."),
            "workoutsUnchanged": count("Workouts already stored as they are."),
            "workoutsRejected": count("Workouts that broke a rule."),
            "routesLinked": count("Workouts whose route (inline or the referenced GPX file) was stored with them."),
            "routesMissing": count("Workout routes whose GPX file the upload does not hold (a bare export.xml)."),
            "activitySummariesUpserted": count("Days of activity rings stored or changed."),
            "activitySummariesUnchanged": count("Days of activity rings already stored as they are."),
            "activitySummariesRejected": count("Activity summaries that broke a rule."),
            "correlations": count("`Correlation` elements read (blood pressure, food); their members count as records."),
            "profileRead": ["type": "boolean", "description": "Whether the `Me` characteristics (date of birth, biological sex, blood type) were read and stored."],
            "daysTouched": count("Local days whose aggregates were recomputed."),
            "bytesRead": ["type": "number", "minimum": 0, "description": "Bytes of the export read (compressed bytes inside a zip)."],
            "elapsedSeconds": ["type": "number", "minimum": 0, "description": "Seconds from start to end."],
            "errors": ["type": "array", "maxItems": 1000, "description": "The first problems (at most 1,000, the cap of every ingest path).", "items": [
                "type": "object", "required": ["type", "field", "code", "message"], "description": "One problem.",
                "properties": [
                    "type": ["type": "string", "description": "The HealthKit type or element (`Workout`, `ActivitySummary`) it concerns."],
                    "field": ["type": "string", "description": "The attribute of the element (`value`, `startDate`)."],
                    "code": ["type": "string", "description": "The rule (`range`, `format`, `required`, `unknown_value`)."],
                    "message": ["type": "string", "description": "A sentence saying what is wrong."],
                ],
            ]],
        ],
    ]

    /// An import job (`POST /health/import`, `GET /health/import/{id}`).
    static let importJob: JSONValue = [
        "type": "object",
        "description": "An import of an uploaded export: its progress while it runs, then its report or the error that stopped it.",
        "required": ["id", "status", "stage", "startedAt", "progress", "finished", "result", "error"],
        "properties": [
            "id": ["type": "string", "description": "The job id, for `GET /health/import/{id}`."],
            "status": ["type": "string", "enum": ["running", "done", "failed"], "description": "Whether the import runs, finished, or stopped on an error."],
            "stage": ["type": "string", "enum": ["receiving", "opening", "records", "finishing", "done", "failed"], "description": "What the import is doing."],
            "startedAt": ["type": "string", "format": "date-time", "description": "When the import started (UTC)."],
            "finished": ["type": "boolean", "description": "True once `result` or `error` is set."],
            "progress": [
                "type": "object", "description": "How far the import is.",
                "required": ["bytesDone", "bytesTotal", "fraction", "records", "recordsPerSecond", "elapsedSeconds", "secondsLeft"],
                "properties": [
                    "bytesDone": ["type": "number", "minimum": 0, "description": "Bytes of the export read (compressed bytes inside a zip)."],
                    "bytesTotal": ["type": "number", "minimum": 0, "description": "Bytes of the export in all."],
                    "fraction": ["type": "number", "minimum": 0, "maximum": 1, "description": "The share done, 0–1."],
                    "records": count("Records read so far."),
                    "recordsPerSecond": ["type": "number", "minimum": 0, "description": "Records read per second so far."],
                    "elapsedSeconds": ["type": "number", "minimum": 0, "description": "Seconds since the import started."],
                    "secondsLeft": ["type": ["number", "null"], "minimum": 0, "description": "Seconds left at the rate so far; null until it can be estimated."],
                ],
            ],
            "result": ["oneOf": [ref("ImportReport"), ["type": "null"]], "description": "The report once the import is done; null before."],
            "error": ["oneOf": [
                ["type": "null"],
                ["type": "object", "required": ["message", "recordsRead", "offset"], "description": "Why the import stopped.", "properties": [
                    "message": ["type": "string", "description": "A sentence naming where it stopped; what came before is stored, and uploading the complete file finishes the import."],
                    "recordsRead": count("Records read before it stopped."),
                    "offset": ["type": ["number", "null"], "description": "The byte offset where reading stopped, when known."],
                ]],
            ], "description": "Why the import stopped, when it failed; null otherwise."],
        ],
    ]

    /// The schemas this file adds to `components/schemas`.
    static var importComponents: [String: JSONValue] {
        ["ImportReport": importReport, "ImportJob": importJob]
    }
}
