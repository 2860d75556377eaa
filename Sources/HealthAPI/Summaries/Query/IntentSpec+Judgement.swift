import HealthDomain
import JSON

extension IntentSpec {
    /// `detail`, which every intent takes.
    static let detailField = Field(name: "detail", kind: .detail, required: false,
                                   description: "brief: a compact answer sized for an agent's context (under 4,000 characters for a 366-day range), whose `more` says what full adds; full (default): every number with its inputs, as before.")

    /// Every intent, in documentation order, each taking `detail`.
    static let all: [IntentSpec] = (summaries + judgements).map { spec in
        var spec = spec
        spec.fields.append(detailField)
        return spec
    }

    static let metricNamesText = MetricCatalog.standard.metrics.map(\.rawValue).joined(separator: ", ")

    /// The judgement intents: readiness, anomalies, records and correlation, computed
    /// from stored day aggregates in the requested timezone (see ``Readiness``,
    /// ``AnomalyScan``, ``MetricRecords``, ``Correlation``).
    static let judgements: [IntentSpec] = [
        IntentSpec(name: "readiness", summary: "Readiness 0–100 for a day from HRV, resting heart rate and last night's sleep, each against its personal 28-day baseline (median and 1.4826 × MAD): score = clamp(round(70 + 15 × Σ wᵢzᵢ), 0, 100) with weights 0.40/0.25/0.35 re-normalised over the inputs present; `unknown` with fewer than two inputs, and what is missing.",
                   fields: [Field(name: "date", kind: .date, required: false, description: "The local date to score (the morning after the night keyed by it). Default: today in the timezone."), timezoneField],
                   maxDays: nil, example: ["intent": "readiness", "date": "2026-11-17", "timezone": "Europe/Berlin"]),
        IntentSpec(name: "anomalies", summary: "Days whose value lay at least `threshold` robust z-scores from the metric's personal 28-day baseline (z = (value − median) / max(1.4826 × MAD, floor)), and strain signals (two or more of: resting HR ≥ baseline + 5 bpm, HRV z ≤ −1.5, respiratory rate z ≥ 2, wrist temperature ≥ baseline + 0.5 °C, under 6 h asleep).",
                   fields: [fromField, toField,
                            Field(name: "metrics", kind: .metrics, required: false, description: "Metrics to scan (default: every metric with day values in the range or the 28 days before it); the strain signal reads resting heart rate, HRV, respiratory rate, wrist temperature and sleep among them. Aliases are accepted as on ingest."),
                            Field(name: "threshold", kind: .threshold, required: false, description: "The |z| at or above which a day is an anomaly, 2–4 (default 3)."),
                            timezoneField],
                   maxDays: AnomalyScan.maximumDays, example: ["intent": "anomalies", "from": "2026-01-01", "to": "2026-11-17", "threshold": 3]),
        IntentSpec(name: "records", summary: "A metric's best and worst day (best is the minimum for resting heart rate and others where lower is better), the best ISO week and calendar month for summed metrics, and with a goal the longest and the current streak.",
                   fields: [Field(name: "metric", kind: .metric, required: true, description: "A canonical metric (aliases are accepted as on ingest): \(metricNamesText)."),
                            Field(name: "from", kind: .date, required: false, description: "First local date, inclusive. Default: the metric's first day with data."),
                            Field(name: "to", kind: .date, required: false, description: "Last local date, inclusive. Default: today in the timezone."),
                            Field(name: "goal", kind: .goal, required: false, description: "Adds streaks: a number (a day meets it at ≥, in the metric's summary unit: 10000 steps, 420 minutes asleep), or an activity ring closed that day: \"ring:move\", \"ring:exercise\", \"ring:stand\" or \"ring:all\" (read from the day's activity summary, whatever the metric)."),
                            timezoneField],
                   maxDays: Limits.recordsDays, example: ["intent": "records", "metric": "step_count", "goal": 10000]),
        IntentSpec(name: "correlation", summary: "How two metrics' day values move together over a range: Spearman's ρ over the paired days, n, and a two-sided p-value (t = ρ √((n − 2) / (1 − ρ²)), n − 2 degrees of freedom); at least 14 pairs. An association, never a cause.",
                   fields: [Field(name: "metricA", kind: .metric, required: true, description: "The first metric (aliases are accepted as on ingest)."),
                            Field(name: "metricB", kind: .metric, required: true, description: "The second metric; with lagDays 0 it must differ from metricA."),
                            fromField, toField,
                            Field(name: "lagDays", kind: .lagDays, required: false, description: "0 (default): pair each day with itself; 1: metricA on day d with metricB on day d + 1 (both inside the range)."),
                            timezoneField],
                   maxDays: Limits.correlationDays, example: ["intent": "correlation", "metricA": "step_count", "metricB": "sleep_segment", "from": "2026-08-01", "to": "2026-11-17", "lagDays": 0]),
    ]

    /// The numeric goals `records` takes: wider than any day value, narrow enough to write.
    static let goalRange: ClosedRange<Double> = -1_000_000_000...1_000_000_000

    /// The ring goals `records` takes, by their `goal` text.
    static let ringGoals: [String: ActivityRing] = Dictionary(uniqueKeysWithValues: ActivityRing.allCases.map { ("ring:\($0.rawValue)", $0) })

    /// The JSON Schemas of the field kinds the judgements added.
    static func judgementSchema(for kind: FieldKind, description: String) -> JSONValue {
        switch kind {
        case .detail:
            return ["type": "string", "enum": ["brief", "full"], "default": "full", "description": .string(description)]
        case .threshold:
            return ["type": "number", "minimum": .number(AnomalyScan.allowedThresholds.lowerBound), "maximum": .number(AnomalyScan.allowedThresholds.upperBound),
                    "default": .number(AnomalyScan.defaultThreshold), "description": .string(description)]
        case .lagDays:
            return ["type": "integer", "enum": [0, 1], "default": 0, "description": .string(description)]
        case .goal:
            return ["anyOf": [["type": "number", "minimum": .number(goalRange.lowerBound), "maximum": .number(goalRange.upperBound),
                               "description": "A threshold in the metric's summary unit, met at ≥."],
                              ["type": "string", "enum": .array(ringGoals.keys.sorted().map(JSONValue.string)), "description": "An activity ring closed."]],
                    "description": .string(description)]
        default:
            return schema(for: kind, description: description)
        }
    }
}
