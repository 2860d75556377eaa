import JSON

extension Schemas {
    /// `GET /health/daily`.
    public static let dailyAggregates: JSONValue = [
        "type": "object",
        "description": "Derived day aggregates for a date range; days without data are absent.",
        "required": ["from", "to", "days"],
        "properties": [
            "from": ["type": "string", "format": "date", "description": "First date asked for."],
            "to": ["type": "string", "format": "date", "description": "Last date asked for."],
            "days": ["type": "array", "description": "Days with data, ascending.", "items": [
                "type": "object",
                "required": ["dayKey", "metrics"],
                "properties": [
                    "dayKey": ["type": "string", "format": "date", "description": "Local date."],
                    "metrics": ["type": "object", "description": "Aggregates by metric: totals (step_count, active_energy_kcal, dietary_energy_kcal: total, sampleCount, sources), statistics (resting_heart_rate_bpm, hrv_sdnn_ms, body_mass_kg, body_fat_percent: avg, min, max, latest, sampleCount), and sleep_segment (asleepMinutes, deepMinutes, remMinutes, coreMinutes, unspecifiedMinutes, awakeMinutes, inBedMinutes, source, sleepStart, sleepEnd)."],
                ],
            ]],
        ],
    ]

    /// `GET /health/raw`: samples in the ingest shape.
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
