import HealthDomain
import JSON

extension Schemas {
    /// One sample in the ingest shape (seed "Ingest sample").
    public static let sample: JSONValue = sample(MetricCatalog.standard)

    /// The sample shape, with the metric names of `catalog`.
    static func sample(_ catalog: MetricCatalog) -> JSONValue { [
        "type": "object",
        "description": "One HealthKit sample. Quantity metrics carry `valueNumber`; category metrics (sleep, symptoms, events) carry `categoryValue`, blood pressure both.",
        "required": ["sampleKey", "metric", "startTimeMs", "endTimeMs", "unit", "timezone"],
        "properties": [
            "sampleKey": ["type": "string", "minLength": 1, "maxLength": 256, "description": "Stable unique id of the sample (e.g. the HealthKit UUID); the upsert key."],
            "metric": ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_]{0,63}$",
                       "description": .string("Canonical metric (" + catalog.metrics.map(\.rawValue).joined(separator: ", ") + "); on input also one of its aliases (a HealthKit identifier such as HKQuantityTypeIdentifierStepCount, or a client's name such as steps), stored under the canonical name; any other name matching ^[a-z][a-z0-9_]{0,63}$ is stored raw. GET /health/capabilities lists every metric with its aliases.")],
            "startTimeMs": ["type": "integer", "description": "Start, Unix epoch milliseconds."],
            "endTimeMs": ["type": "integer", "description": "End, Unix epoch milliseconds (≥ startTimeMs)."],
            "valueNumber": ["type": "number", "description": "The value in `unit`; required for quantity metrics and blood pressure, optional for category metrics."],
            "categoryValue": ["type": "string", "minLength": 1, "maxLength": 64, "description": "The value of a category sample: a sleep stage for sleep_segment (inBed, asleep, awake, asleepREM, asleepCore, asleepDeep), a symptom's severity, a cycle-tracking value, the side (systolic, diastolic) of a blood pressure sample. Accepted by HealthKit name, number or a client's spelling and stored by name; GET /health/types lists each metric's values."],
            "unit": ["type": "string", "minLength": 1, "maxLength": 32, "description": "Unit of valueNumber: the metric's canonical unit or one it accepts (lb, kJ, mmol/L, degF, mi, fraction, …), converted on the way in; GET /health/types lists each metric's units. Category samples send e.g. `category`."],
            "sourceName": ["type": "string", "maxLength": 256, "description": "HealthKit source name, e.g. \"Apple Watch\"; decides de-duplication priority."],
            "sourceBundleId": ["type": "string", "maxLength": 256, "description": "HealthKit source bundle identifier."],
            "timezone": ["type": "string", "description": "IANA time zone where the sample was recorded; decides its local day."],
            "syncIdentifier": ["type": "string", "maxLength": 256, "description": "HealthKit sync identifier (HKMetadataKeySyncIdentifier); a write intent's externalId when the sample came from one."],
            "aggregation": ["type": "string", "enum": ["day_total"], "description": "`day_total`: the value is a total HealthKit's statistics computed for a local day (already de-duplicated, the number the Health app shows). It stands for that day's total of the summed metric; raw samples of the day keep the per-source split and never add to it."],
            "localDate": ["type": "string", "format": "date", "description": "With `aggregation: day_total`: the local day it totals (else the date of the local midnight nearest startTimeMs)."],
            "device": ["type": "string", "maxLength": 256, "description": "The device that took the reading, when the client knows it (e.g. \"Apple Watch Series 9\")."],
            "metadata": ["type": "object", "description": "Other facts about the sample as sent (HealthKit metadata keys and values), kept with the raw sample; at most 4,096 bytes as JSON."],
        ],
    ] }

    public static let ingestRequest: JSONValue = [
        "type": "object",
        "description": "Samples to upsert, sample keys to delete, workouts and activity summaries to upsert; at least one of them; at most 10,000 samples, 10,000 deleted keys, 1,000 workouts and 10,000 activity summaries (more is a 413). Everything valid is stored in one transaction.",
        "additionalProperties": false,
        "minProperties": 1,
        "properties": [
            "samples": ["type": "array", "maxItems": .number(Double(Limits.samplesPerIngest)), "items": ["type": "object", "description": "One sample in the shape of `Sample`."],
                        "description": "Samples to upsert by sampleKey. Each is checked on its own against `Sample` and the metric's rules: the valid ones are stored and the others listed in `errors` (207), or, when none is valid, the request is a 422."],
            "deletedSampleKeys": ["type": "array", "maxItems": .number(Double(Limits.samplesPerIngest)), "items": ["type": "string", "minLength": 1, "maxLength": 256], "description": "Keys of samples HealthKit reported deleted."],
            "workouts": ["type": "array", "maxItems": .number(Double(Limits.workoutsPerIngest)), "items": ["type": "object", "description": "One workout in the shape of `WorkoutInput`."],
                         "description": "Workouts to upsert by workoutKey (see `WorkoutInput`). Each is checked on its own; a rejected one is listed in `errors` with `field` like `workouts[2].distance`. They never add to day aggregates."],
            "activitySummaries": ["type": "array", "maxItems": .number(Double(Limits.activitySummariesPerIngest)), "items": ["type": "object", "description": "One day's rings in the shape of `ActivitySummaryInput`."],
                                  "description": "Activity rings to upsert by day (see `ActivitySummaryInput`); a rejected one is listed in `errors` with `field` like `activitySummaries[0].standHours`."],
        ],
    ]

    public static let ingestExample: JSONValue = [
        "samples": [
            ["sampleKey": "6F1C2E7A-0001", "metric": "step_count", "startTimeMs": 1775808000000, "endTimeMs": 1775809800000,
             "valueNumber": 3000, "unit": "count", "sourceName": "Apple Watch", "timezone": "Europe/Berlin"],
            ["sampleKey": "6F1C2E7A-0002", "metric": "sleep_segment", "startTimeMs": 1775771400000, "endTimeMs": 1775775000000,
             "categoryValue": "asleepDeep", "unit": "category", "sourceName": "Apple Watch", "timezone": "Europe/Berlin"],
        ],
        "deletedSampleKeys": ["6F1C2E7A-0000"],
        "workouts": [
            ["workoutKey": "9A0B1C2D-0001", "activityType": "running", "name": "Outdoor Run", "startTimeMs": 1775797200000, "endTimeMs": 1775799900000,
             "activeEnergy": 420, "activeEnergyUnit": "kcal", "distance": 6.5, "distanceUnit": "km", "avgHeartRate": 145, "maxHeartRate": 178,
             "heartRate": [["timeMs": 1775797260000, "bpm": 132]],
             "route": [["timeMs": 1775797260000, "latitude": 52.52, "longitude": 13.405, "altitude": 34],
                       ["timeMs": 1775797320000, "latitude": 52.5206, "longitude": 13.4061, "altitude": 35]],
             "sourceName": "Apple Watch", "timezone": "Europe/Berlin"],
        ],
        "activitySummaries": [
            ["day": "2026-04-10", "moveKcal": 540, "moveGoalKcal": 600, "exerciseMinutes": 42, "exerciseGoalMinutes": 30, "standHours": 12, "standGoalHours": 12],
        ],
    ]

    public static let ingestResult: JSONValue = [
        "type": "object",
        "description": "What the ingest did. `received` … `rejected` count samples; the workout and activity-summary counts are separate members.",
        "required": ["received", "inserted", "updated", "unchanged", "deleted", "rejected", "errors", "affectedDays", "rawOnlyMetrics",
                     "workoutsInserted", "workoutsUpdated", "workoutsUnchanged", "workoutsRejected",
                     "activitySummariesUpserted", "activitySummariesUnchanged", "activitySummariesRejected"],
        "properties": [
            "received": ["type": "integer", "description": "Samples in the request."],
            "inserted": ["type": "integer", "description": "New samples stored."],
            "updated": ["type": "integer", "description": "Stored samples whose content changed."],
            "unchanged": ["type": "integer", "description": "Re-sent samples identical to what was stored (nothing rewritten)."],
            "deleted": ["type": "integer", "description": "Samples deleted by deletedSampleKeys."],
            "rejected": ["type": "integer", "description": "Samples that failed validation (see errors)."],
            "dayTotalsUpserted": ["type": "integer", "description": "Day totals (samples marked `aggregation: day_total`) stored new or changed."],
            "dayTotalsUnchanged": ["type": "integer", "description": "Re-sent day totals identical to the stored ones."],
            "workoutsInserted": ["type": "integer", "description": "New workouts stored."],
            "workoutsUpdated": ["type": "integer", "description": "Stored workouts whose content changed."],
            "workoutsUnchanged": ["type": "integer", "description": "Re-sent workouts identical to what was stored (nothing rewritten)."],
            "workoutsRejected": ["type": "integer", "description": "Workouts that failed validation (see errors)."],
            "activitySummariesUpserted": ["type": "integer", "description": "Days whose rings were stored new or changed."],
            "activitySummariesUnchanged": ["type": "integer", "description": "Re-sent rings identical to what was stored."],
            "activitySummariesRejected": ["type": "integer", "description": "Activity summaries that failed validation (see errors)."],
            "errors": ["type": "array", "description": "One entry per problem of a rejected sample, workout or activity summary.", "items": [
                "type": "object",
                "required": ["index", "field", "code", "message"],
                "properties": [
                    "index": ["type": "integer", "description": "Position in the array the item came from (`samples`, `workouts` or `activitySummaries`)."],
                    "sampleKey": ["type": ["string", "null"], "description": "For samples: the sample's key, when it had one."],
                    "workoutKey": ["type": ["string", "null"], "description": "For workouts: the workout's key, when it had one."],
                    "day": ["type": ["string", "null"], "description": "For activity summaries: the day as sent."],
                    "field": ["type": "string", "description": "The offending field; for workouts and activity summaries prefixed with the array and index, e.g. `workouts[2].distance`."],
                    "code": ["type": "string", "description": "The rule: required, type, length, format, range, order, unknown_value, timezone, not_finite, unit."],
                    "message": ["type": "string", "description": "What is wrong, in one sentence."],
                ],
            ]],
            "affectedDays": ["type": "array", "items": ["type": "string", "format": "date"], "description": "Local dates whose aggregates were recomputed."],
            "rawOnlyMetrics": ["type": "array", "items": ["type": "string"], "description": "Metric names stored raw (no aggregation rule)."],
        ],
    ]

    public static let dailyAggregates: JSONValue = [
        "type": "object",
        "description": "Derived day aggregates for a date range; days without data are absent.",
        "required": ["from", "to", "timezone", "timezoneSource", "days"],
        "properties": [
            "from": ["type": "string", "format": "date", "description": "First date asked for."],
            "to": ["type": "string", "format": "date", "description": "Last date asked for."],
            "timezone": ["type": "string", "description": "The IANA timezone in which days end, for `settling`."],
            "timezoneSource": ["type": "string", "enum": ["request", "server_default", "latest_sample", "utc_fallback"], "description": "Why that timezone."],
            "days": ["type": "array", "description": "Days with data, ascending.", "items": [
                "type": "object",
                "required": ["dayKey", "metrics", "settling", "revisedAtMs"],
                "properties": [
                    "dayKey": ["type": "string", "format": "date", "description": "Local date."],
                    "settling": ["type": "string", "enum": ["provisional", "settled"], "description": "provisional when any of the day's aggregates is."],
                    "revisedAtMs": ["type": ["integer", "null"], "description": "The latest revision of any of the day's aggregates, Unix ms; null if none."],
                    "metrics": ["type": "object", "description": "Aggregates by metric: totals (step_count, active_energy_kcal, dietary_energy_kcal: total, sampleCount, sources), statistics (resting_heart_rate_bpm, hrv_sdnn_ms, body_mass_kg, body_fat_percent: avg, min, max, latest, sampleCount), and sleep_segment (asleepMinutes, deepMinutes, remMinutes, coreMinutes, unspecifiedMinutes, awakeMinutes, inBedMinutes, source, sleepStart, sleepEnd). Each also has `settling` (provisional while its local day has not ended or a sample for it arrived in the last 2 hours; a night: its last segment ended under 45 minutes ago or a segment arrived in the last 20; else settled) and `revisedAtMs` (when a later change arrived after it had settled; null if never)."],
                ],
            ]],
        ],
    ]

    public static let rawSamplePage: JSONValue = [
        "type": "object",
        "description": "One page of raw samples.",
        "required": ["samples", "nextCursor"],
        "properties": [
            "samples": ["type": "array", "items": ref("Sample"), "description": "Samples ascending by (startTimeMs, sampleKey)."],
            "nextCursor": ["type": ["string", "null"], "description": "Pass as `cursor` for the next page; null on the last page."],
        ],
    ]
}
