import JSON

extension Schemas {
    /// `GET /health/daily`.
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
