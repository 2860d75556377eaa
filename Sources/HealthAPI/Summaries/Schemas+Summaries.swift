import HealthDomain
import JSON

extension Schemas {
    static let provenance: JSONValue = [
        "type": "object",
        "description": "Where the numbers come from.",
        "required": ["asOf", "asOfMs", "deduplication", "coverage"],
        "properties": [
            "asOf": ["type": ["string", "null"], "description": "The latest sample time used, local ISO 8601 with offset in the answer's timezone; null without data."],
            "asOfMs": ["type": ["integer", "null"], "description": "The same instant in Unix milliseconds."],
            "sources": ["type": "array", "items": ["type": "string"], "description": "Sources that contributed (for summed metrics: only those that counted after de-duplication), best priority first."],
            "deduplication": ["type": "string", "description": "The cross-source de-duplication rule applied, with the configured source priority."],
            "coverage": ["type": "object", "description": "Per metric: days with data vs days in range.",
                         "additionalProperties": ["type": "object", "properties": ["daysWithData": ["type": "integer", "description": "Days with data."], "daysInRange": ["type": "integer", "description": "Days in the range."]]]],
        ],
    ]

    static let queued: JSONValue = [
        "type": "object",
        "description": "Pending and applied-but-not-yet-synced write intents for the dates involved, shown separately and never included in totals.",
        "properties": [
            "entries": ["type": "array", "description": "One entry per queued intent.", "items": ["type": "object", "properties": [
                "metric": ["type": "string", "description": "The metric it will write."],
                "day": ["type": "string", "format": "date", "description": "Its local date."],
                "value": ["type": "number", "description": "The value in `unit`."],
                "unit": ["type": "string", "description": "The metric's summary unit (kcal, kg, %)."],
                "status": ["type": "string", "enum": ["pending", "applied_not_synced"], "description": "pending: not written yet; applied_not_synced: written, not yet back through ingest."],
            ]]],
            "totals": ["type": "object", "description": "Per metric and status, the queued amount."],
            "note": ["type": "string", "description": "That queued entries are not in any total."],
        ],
    ]

    static let summaryMetric: JSONValue = [
        "type": "object",
        "description": "One metric. `status` is `no_data` when nothing was recorded — then only `status` and `unit` (and coverage counts for ranges) are present; a missing value is never reported as 0. Daily: `total` (steps, energy, distances, nutrients), `average`/`min`/`max`/`latest`/`readings` (heart rate, HRV, glucose, other readings), `latest` (weight, body fat), stage minutes, `bedtime`/`wakeTime`/`provisional` (sleep), `count`/`minutes`/`values` (timed categories, symptoms and events), `readings`/`systolic`/`diastolic` (blood pressure), plus `baseline` (the previous 28 days), and for metrics with data `settling` (provisional or settled) and `revisedAtMs` (when a change arrived after the day had settled, else null). Metrics every summary lists appear as no_data when missing; others appear when they have data. Range: `average` (per day with data), `total`, `min`/`max` {day, value}, `first`/`last`/`change` (weight, body fat), `trend` {direction: rising|falling|steady|insufficient_data, slopePerWeek}, `previous` {average or last, change, changePercent}.",
        "required": ["status", "unit"],
        "properties": [
            "status": ["type": "string", "enum": ["ok", "no_data"], "description": "no_data when nothing was recorded (never reported as 0)."],
            "unit": ["type": "string", "description": "The metric's canonical unit (count, kcal, bpm, ms, kg, %, mg/dL, mmHg, km, …), min for sleep and timed categories, count for events."],
        ],
        "additionalProperties": true,
    ]

    static let dailySummary: JSONValue = [
        "type": "object",
        "description": "A daily or yesterday summary.",
        "required": ["kind", "day", "timezone", "timezoneSource", "dayStatus", "metrics", "missing", "queued", "provenance", "text"],
        "properties": [
            "kind": ["type": "string", "enum": ["daily_summary", "yesterday_summary"], "description": "The intent answered."],
            "day": ["type": "string", "format": "date", "description": "The local date summarised."],
            "timezone": ["type": "string", "description": "The IANA timezone used."],
            "timezoneSource": ["type": "string", "enum": ["request", "server_default", "latest_sample", "utc_fallback"], "description": "Why that timezone."],
            "dayStatus": ["type": "string", "enum": ["complete", "in_progress", "future"], "description": "in_progress: the day is today in that timezone, numbers will grow."],
            "metrics": ["type": "object", "additionalProperties": ref("SummaryMetric"), "description": "Keyed by canonical metric name."],
            "missing": ["type": "array", "items": ["type": "string"], "description": "Metrics without data."],
            "queued": ref("QueuedEntries"),
            "provenance": ref("Provenance"),
            "workouts": ["type": "array", "description": "The day's workouts (by the local day of their start), ascending by start; never part of the metric totals.", "items": [
                "type": "object", "properties": [
                    "workoutKey": ["type": "string", "description": "The workout's key (GET /health/workouts/{id})."],
                    "name": ["type": "string", "description": "Readable name."],
                    "activityType": ["type": "string", "description": "HKWorkoutActivityType case name."],
                    "start": ["type": "string", "description": "Local start time HH:MM in the workout's timezone."],
                    "timezone": ["type": "string", "description": "The workout's IANA timezone."],
                    "durationMinutes": ["type": "integer", "description": "Active minutes."],
                    "distanceKm": ["type": ["number", "null"], "description": "Distance, km."],
                    "activeEnergyKcal": ["type": ["number", "null"], "description": "Active energy, kcal."],
                    "avgHeartRateBpm": ["type": ["number", "null"], "description": "Average heart rate, bpm."],
                ]]],
            "activity": ["anyOf": [ref("ActivitySummary"), ["type": "null"]], "description": "The day's activity rings (Move, Exercise, Stand with goals), or null when none were reported."],
            "settling": nullableSettling,
            "readiness": ["anyOf": [ref("DayReadiness"), ["type": "null"]], "description": "The day's readiness in brief (the `readiness` intent gives the arithmetic)."],
            "anomalies": ["type": "array", "description": "The day's values at |z| ≥ 3 from their personal baseline.", "items": [
                "type": "object", "required": ["metric", "value", "usual", "z", "direction", "settling"], "properties": [
                    "metric": ["type": "string", "description": "The metric."], "value": ["type": "number", "description": "The day's value."],
                    "usual": ["type": "number", "description": "The baseline median."], "z": ["type": "number", "description": "Robust z."],
                    "direction": ["type": "string", "enum": ["above", "below"], "description": "Which side."], "settling": settlingSchema,
                ]]],
            "strain": ["type": ["object", "null"], "description": "The strain signal when two or more conditions held: `met` lists them; null otherwise.",
                       "properties": ["met": ["type": "array", "items": ["type": "string"], "description": "The conditions that held."], "settling": settlingSchema]],
            "text": ["type": "string", "description": "One plain-language sentence an agent can quote; readiness (when it could be scored), anomalies, the strain signal, workouts and rings follow as their own sentences."],
        ],
    ]

    static let rangeSummary: JSONValue = [
        "type": "object",
        "description": "A range summary (at most 366 days; under 8 KiB).",
        "required": ["kind", "from", "to", "days", "timezone", "timezoneSource", "previousRange", "metrics", "missing", "queued", "provenance", "text"],
        "properties": [
            "kind": ["type": "string", "const": "range_summary", "description": "The intent answered."],
            "from": ["type": "string", "format": "date", "description": "First local date."],
            "to": ["type": "string", "format": "date", "description": "Last local date (inclusive)."],
            "days": ["type": "integer", "description": "Days in the range."],
            "timezone": ["type": "string", "description": "The IANA timezone used."],
            "timezoneSource": ["type": "string", "enum": ["request", "server_default", "latest_sample", "utc_fallback"], "description": "Why that timezone."],
            "rangeStatus": ["type": "string", "enum": ["complete", "in_progress", "future"], "description": "in_progress: the range includes today, numbers will grow."],
            "previousRange": ["type": "object", "description": "The range of the same length just before, used by `previous`.",
                              "properties": ["from": ["type": "string", "format": "date", "description": "First local date."], "to": ["type": "string", "format": "date", "description": "Last local date (inclusive)."]]],
            "metrics": ["type": "object", "additionalProperties": ref("SummaryMetric"), "description": "Keyed by canonical metric name."],
            "missing": ["type": "array", "items": ["type": "string"], "description": "Metrics without data in the range."],
            "queued": ref("QueuedEntries"),
            "provenance": ref("Provenance"),
            "text": ["type": "string", "description": "One plain-language sentence an agent can quote."],
        ],
    ]

    /// `oneOf` the intent schemas, discriminated by `intent`.
    static var queryRequest: JSONValue {
        var mapping: [String: JSONValue] = [:]
        for spec in IntentSpec.all { mapping[spec.name] = .string("#/components/schemas/\(spec.schemaName)") }
        return [
            "description": "One typed query; `intent` selects the shape.",
            "oneOf": .array(IntentSpec.all.map { ref($0.schemaName) }),
            "discriminator": ["propertyName": "intent", "mapping": .object(mapping)],
        ]
    }

    static let queryResponse: JSONValue = [
        "type": "object",
        "description": "The answer to a query. `kind` is the intent: daily_summary and yesterday_summary answer a DailySummary, range_summary a RangeSummary; metric_series has `points`, compare_ranges `a`/`b`/`metrics`, sleep_report `nights`, `averages` and `consistency`, workouts `workouts`, `totals` and `byType`; readiness a ReadinessAnswer, anomalies an AnomaliesAnswer, records a RecordsAnswer, correlation a CorrelationAnswer. With `detail: \"brief\"` every answer is its BriefAnswer form (`detail: \"brief\"`, `more`). Every answer carries `timezone` and `timezoneSource`, the full summaries `provenance`; all but metric_series a `text`.",
        "required": ["kind"],
        "properties": ["kind": ["type": "string", "enum": .array(IntentSpec.all.map { .string($0.name) }), "description": "The intent answered."]],
        "additionalProperties": true,
    ]

    /// The schemas this file adds to `components/schemas`.
    static var summaryComponents: [String: JSONValue] {
        var out: [String: JSONValue] = [
            "Provenance": provenance,
            "QueuedEntries": queued,
            "SummaryMetric": summaryMetric,
            "DailySummary": dailySummary,
            "RangeSummary": rangeSummary,
            "QueryRequest": queryRequest,
            "QueryResponse": queryResponse,
        ]
        for spec in IntentSpec.all { out[spec.schemaName] = spec.schema }
        return out
    }
}
