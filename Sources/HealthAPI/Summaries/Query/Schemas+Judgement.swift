import HealthDomain
import JSON

extension Schemas {
    static let settlingSchema: JSONValue = ["type": "string", "enum": ["provisional", "settled"],
                                            "description": "provisional: the local day has not ended or a sample for it arrived in the last 2 hours (a night: its last segment ended under 45 minutes ago or a segment arrived in the last 20), so the value may still change; settled otherwise."]
    static let nullableSettling: JSONValue = ["type": ["string", "null"], "enum": ["provisional", "settled", nil], "description": "As `settling`; null when there is no value."]

    static func nullable(_ type: String, _ description: String) -> JSONValue { ["type": [.string(type), "null"], "description": .string(description)] }

    /// The `detail: "brief"` form of any query answer.
    static let briefAnswer: JSONValue = [
        "type": "object",
        "description": "The `detail: \"brief\"` form of a query answer: the intent's sentence and headline numbers, sized for an agent's context (a 366-day range stays under 4,000 characters); `more` says what `detail: \"full\"` adds.",
        "required": ["kind", "detail", "more"],
        "properties": [
            "kind": ["type": "string", "enum": .array(IntentSpec.all.map { .string($0.name) }), "description": "The intent answered."],
            "detail": ["type": "string", "const": "brief", "description": "This is the brief form."],
            "more": ["type": "string", "description": "What the full answer adds."],
            "text": ["type": "string", "description": "One plain-language sentence an agent can quote."],
        ],
        "additionalProperties": true,
    ]

    static let readinessAnswer = readiness(
        description: "A day's readiness (intent `readiness`). Full answers add each component's baseline (window, per-day inputs, median, MAD, floor, spread, sourcing), zUsed, clamped, capped, weights, rawScore, weightedZ and the formulas.",
        required: ["kind", "timezone", "timezoneSource"])

    /// The readiness a daily summary carries: the intent's brief members without its own kind and timezone.
    static let dayReadiness = readiness(description: "The day's readiness in brief, as the `readiness` intent gives it with `detail: \"brief\"` (without kind and timezone).",
                                        required: [])

    static func readiness(description: String, required: [String]) -> JSONValue { [
        "type": "object",
        "description": .string(description),
        "required": .array((required + ["day", "status", "score", "band", "settling", "lastNightSettling", "components", "missing", "text"]).map(JSONValue.string)),
        "properties": [
            "kind": ["type": "string", "const": "readiness", "description": "The intent answered."],
            "day": ["type": "string", "format": "date", "description": "The local date scored (the morning after the night keyed by it)."],
            "timezone": ["type": "string", "description": "The IANA timezone used."],
            "timezoneSource": ["type": "string", "enum": ["request", "server_default", "latest_sample", "utc_fallback"], "description": "Why that timezone."],
            "status": ["type": "string", "enum": ["scored", "unknown"], "description": "unknown: fewer than two inputs had a value and a baseline of at least 10 days (see `missing`)."],
            "score": ["type": ["integer", "null"], "minimum": 0, "maximum": 100, "description": "0–100; null when unknown."],
            "band": ["type": ["string", "null"], "enum": ["low", "fair", "good", "optimal", nil], "description": "low < 50 ≤ fair < 65 ≤ good < 80 ≤ optimal; null when unknown."],
            "settling": settlingSchema,
            "lastNightSettling": nullableSettling,
            "components": ["type": "array", "description": "The inputs used: HRV, resting heart rate, last night's sleep.", "items": [
                "type": "object", "required": ["name", "metric", "unit", "value", "settling", "z", "points"],
                "properties": [
                    "name": ["type": "string", "enum": .array(ReadinessComponent.Name.allCases.map { .string($0.rawValue) }), "description": "Which input."],
                    "metric": ["type": "string", "description": "The metric it reads."],
                    "unit": ["type": "string", "description": "The value's unit (min for sleep)."],
                    "value": ["type": "number", "description": "The day's value."],
                    "settling": settlingSchema,
                    "z": ["type": "number", "description": "(value − baseline median) / spread."],
                    "points": ["type": "number", "description": "What it adds to (or takes from) 70: 15 × weight × z used."],
                    "usual": ["type": "number", "description": "The baseline median (brief answers)."],
                    "baseline": ref("Baseline"),
                ],
            ]],
            "missing": ["type": "array", "description": "The inputs left out and why.", "items": [
                "type": "object", "required": ["name", "metric", "reason", "baselineDays"],
                "properties": [
                    "name": ["type": "string", "enum": .array(ReadinessComponent.Name.allCases.map { .string($0.rawValue) }), "description": "Which input."],
                    "metric": ["type": "string", "description": "The metric it reads."],
                    "reason": ["type": "string", "enum": .array(ReadinessMissingInput.Reason.allCases.map { .string($0.rawValue) }), "description": "Why it was left out."],
                    "baselineDays": ["type": "integer", "minimum": 0, "description": "Days with data in its baseline window."],
                ],
            ]],
            "text": ["type": "string", "description": "\"Readiness 72 (good): HRV 8% above your baseline, resting HR at baseline, slept 6 h 10 min, 50 min under usual.\""],
        ],
        "additionalProperties": true,
    ] }

    static let baseline: JSONValue = [
        "type": "object",
        "description": "A personal baseline for one day: the median and spread of the days with data among the 28 local days before it. Brief answers give status, daysWithData, centre and spread.",
        "required": ["status", "daysWithData", "centre", "spread"],
        "properties": [
            "status": ["type": "string", "enum": ["available", "insufficient"], "description": "insufficient: fewer than 10 days with data; nothing is judged against it."],
            "daysWithData": ["type": "integer", "minimum": 0, "description": "Days it was built from."],
            "centre": nullable("number", "The median; null when insufficient."),
            "spread": nullable("number", "max(1.4826 × MAD, floor); null when insufficient."),
            "windowStart": ["type": "string", "format": "date", "description": "D − 28."],
            "windowEnd": ["type": "string", "format": "date", "description": "D − 1."],
            "minimumDays": ["type": "integer", "description": "Days with data required (10)."],
            "sourcing": ["type": "string", "enum": .array(BaselineSourcing.allCases.map { .string($0.rawValue) }), "description": "One source, the judged day's source only, or mixed sources."],
            "sources": ["type": "array", "items": ["type": "string"], "description": "Sources of the days used."],
            "currentSource": nullable("string", "The judged day's source."),
            "daysLeftOut": ["type": "integer", "minimum": 0, "description": "Window days of other sources left out."],
            "mad": nullable("number", "Median absolute deviation."),
            "scaledMAD": nullable("number", "1.4826 × MAD."),
            "spreadFloor": nullable("number", "The floor in the metric's unit."),
            "spreadFloorFraction": nullable("number", "0.05 where the floor is 5% of the median."),
            "floorApplied": ["type": "boolean", "description": "Whether the floor replaced the scaled MAD."],
            "inputs": ["type": "array", "description": "The days used, ascending.", "items": [
                "type": "object", "required": ["day", "value"],
                "properties": ["day": ["type": "string", "format": "date", "description": "Local date."], "value": ["type": "number", "description": "Its value."]],
            ]],
        ],
        "additionalProperties": true,
    ]

    static let anomaliesAnswer: JSONValue = [
        "type": "object",
        "description": "Anomalies and strain signals of a range (intent `anomalies`). Brief answers list the largest anomalies (each with `usual`, the baseline median) and the latest strain days (the conditions met), with `omitted` counts; full answers list all, each anomaly with its baseline and each strain day with its five checks, plus `coverage` and each metric's baseline band per day (`bands`).",
        "required": ["kind", "from", "to", "days", "timezone", "timezoneSource", "threshold", "metrics", "counts", "anomalies", "strain", "text"],
        "properties": [
            "kind": ["type": "string", "const": "anomalies", "description": "The intent answered."],
            "from": ["type": "string", "format": "date", "description": "First local date."],
            "to": ["type": "string", "format": "date", "description": "Last local date."],
            "days": ["type": "integer", "minimum": 1, "maximum": .number(Double(Limits.anomalyScanDays)), "description": "Days scanned."],
            "timezone": ["type": "string", "description": "The IANA timezone used."],
            "timezoneSource": ["type": "string", "enum": ["request", "server_default", "latest_sample", "utc_fallback"], "description": "Why that timezone."],
            "threshold": ["type": "number", "minimum": 2, "maximum": 4, "description": "|z| at or above which a day is an anomaly."],
            "metrics": ["type": "array", "items": ["type": "string"], "description": "The metrics scanned."],
            "counts": ["type": "object", "required": ["anomalies", "strainDays"], "description": "How many were found.", "properties": [
                "anomalies": ["type": "integer", "minimum": 0, "description": "Anomalies found."],
                "strainDays": ["type": "integer", "minimum": 0, "description": "Days with a strain signal."],
            ]],
            "anomalies": ["type": "array", "description": "By day, then metric.", "items": [
                "type": "object", "required": ["metric", "day", "value", "z", "direction", "settling"],
                "properties": [
                    "metric": ["type": "string", "description": "The metric."],
                    "day": ["type": "string", "format": "date", "description": "The day."],
                    "value": ["type": "number", "description": "Its value."],
                    "z": ["type": "number", "description": "(value − median) / spread, unclamped."],
                    "direction": ["type": "string", "enum": ["above", "below"], "description": "Which side of the baseline."],
                    "settling": settlingSchema,
                    "usual": ["type": "number", "description": "The baseline median (brief answers)."],
                    "baseline": ref("Baseline"),
                ],
            ]],
            "strain": ["type": "array", "description": "Days on which at least two strain conditions held, by day.", "items": [
                "type": "object", "required": ["day", "met", "settling"],
                "properties": [
                    "day": ["type": "string", "format": "date", "description": "The day."],
                    "met": ["type": ["integer", "array"], "items": ["type": "string"], "description": "Full: how many conditions held; brief: which."],
                    "settling": settlingSchema,
                    "checks": ["type": "array", "description": "All five conditions (full answers).", "items": ["type": "object", "required": ["name", "outcome"], "properties": [
                        "name": ["type": "string", "enum": .array(StrainCheck.Name.allCases.map { .string($0.rawValue) }), "description": "The condition."],
                        "outcome": ["type": "string", "enum": .array(StrainCheck.Outcome.allCases.map { .string($0.rawValue) }), "description": "Whether it held."],
                    ]]],
                ],
            ]],
            "bands": ["type": "object", "description": "Full answers: per scanned metric, the baseline of every day in the range that has one (the day's own source; the window as a whole on a day without a value), as three arrays of equal length. A day's value is an anomaly when it lies `threshold` spreads or more from its centre.",
                      "additionalProperties": ["type": "object", "required": ["days", "centre", "spread"], "properties": [
                        "days": ["type": "array", "items": ["type": "string", "format": "date"], "description": "Days with an available baseline, ascending."],
                        "centre": ["type": "array", "items": ["type": "number"], "description": "Each day's baseline median."],
                        "spread": ["type": "array", "items": ["type": "number"], "description": "Each day's spread: max(1.4826 × MAD, floor)."],
                      ]]],
            "text": ["type": "string", "description": "One plain-language sentence an agent can quote."],
        ],
        "additionalProperties": true,
    ]

    static let recordsAnswer: JSONValue = {
        let day: JSONValue = ["type": ["object", "null"], "required": ["day", "value"], "description": "A record day; null without data.",
                              "properties": ["day": ["type": "string", "format": "date", "description": "The day."], "value": ["type": "number", "description": "Its value."], "settling": settlingSchema]]
        let period: JSONValue = ["type": ["object", "null"], "required": ["label", "total"], "description": "The best ISO week or month by total; null for metrics that are not summed or without data.",
                                 "properties": ["label": ["type": "string", "description": "2026-W07 or 2026-02."], "total": ["type": "number", "description": "Its total."]]]
        let streak: JSONValue = ["type": ["object", "null"], "required": ["start", "end", "length"], "description": "A run of days meeting the goal; null when there is none.",
                                 "properties": ["start": ["type": "string", "format": "date", "description": "First day."], "end": ["type": "string", "format": "date", "description": "Last day."],
                                                "length": ["type": "integer", "minimum": 1, "description": "Days."]]]
        return [
            "type": "object",
            "description": "A metric's records (intent `records`).",
            "required": ["kind", "metric", "unit", "from", "to", "daysWithData", "best", "worst", "bestWeek", "bestMonth", "goal", "streaks", "text"],
            "properties": [
                "kind": ["type": "string", "const": "records", "description": "The intent answered."],
                "metric": ["type": "string", "description": "The metric."],
                "unit": ["type": "string", "description": "Its summary unit."],
                "from": ["type": "string", "format": "date", "description": "First day judged."],
                "to": ["type": "string", "format": "date", "description": "Last day judged."],
                "daysWithData": ["type": "integer", "minimum": 0, "description": "Days with a value."],
                "best": day, "worst": day, "bestWeek": period, "bestMonth": period,
                "goal": ["type": ["object", "null"], "description": "The goal of the streaks: {kind: at_least, threshold} or {kind: ring_closed, ring}; null without one."],
                "streaks": ["type": ["object", "null"], "required": ["daysMet", "longest", "current"], "description": "Streaks of the goal; null without one.",
                            "properties": ["daysMet": ["type": "integer", "minimum": 0, "description": "Days that met the goal."], "longest": streak, "current": streak]],
                "text": ["type": "string", "description": "One plain-language sentence an agent can quote."],
            ],
            "additionalProperties": true,
        ]
    }()

    static let correlationAnswer: JSONValue = [
        "type": "object",
        "description": "The correlation of two metrics (intent `correlation`). Full answers add t, degreesOfFreedom, method and every pair.",
        "required": ["kind", "metricA", "metricB", "from", "to", "lagDays", "status", "n", "minimumPairs", "rho", "pValue", "settling", "text"],
        "properties": [
            "kind": ["type": "string", "const": "correlation", "description": "The intent answered."],
            "metricA": ["type": "string", "description": "The first metric."],
            "metricB": ["type": "string", "description": "The second metric."],
            "from": ["type": "string", "format": "date", "description": "First local date."],
            "to": ["type": "string", "format": "date", "description": "Last local date."],
            "lagDays": ["type": "integer", "enum": [0, 1], "description": "1: metricA on d paired with metricB on d + 1."],
            "status": ["type": "string", "enum": .array(Correlation.Status.allCases.map { .string($0.rawValue) }), "description": "computed, insufficient (under 14 pairs) or no_variation."],
            "n": ["type": "integer", "minimum": 0, "description": "Paired days."],
            "minimumPairs": ["type": "integer", "description": "Pairs required (14)."],
            "rho": ["type": ["number", "null"], "minimum": -1, "maximum": 1, "description": "Spearman's ρ; null unless computed."],
            "pValue": ["type": ["number", "null"], "minimum": 0, "maximum": 1, "description": "Two-sided p-value; null unless computed."],
            "settling": settlingSchema,
            "text": ["type": "string", "description": "One sentence; it never claims one metric drives the other."],
        ],
        "additionalProperties": true,
    ]

    /// The answer schema MCP publishes for a judgement intent.
    static func judgementAnswerName(_ intent: String) -> String? {
        switch intent {
        case "readiness": "ReadinessAnswer"
        case "anomalies": "AnomaliesAnswer"
        case "records": "RecordsAnswer"
        case "correlation": "CorrelationAnswer"
        default: nil
        }
    }

    /// The schemas this file adds to `components/schemas`.
    static var judgementComponents: [String: JSONValue] {
        ["BriefAnswer": briefAnswer, "Baseline": baseline, "ReadinessAnswer": readinessAnswer, "DayReadiness": dayReadiness, "AnomaliesAnswer": anomaliesAnswer,
         "RecordsAnswer": recordsAnswer, "CorrelationAnswer": correlationAnswer]
    }
}
