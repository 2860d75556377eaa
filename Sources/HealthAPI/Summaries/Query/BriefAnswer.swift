import JSON

/// The `detail: "brief"` form of the summary intents, cut from their full answer: the
/// sentence, the headline numbers and the coverage an agent needs, sized for its
/// context, and a `more` member saying what `full` adds. Trimming the full answer keeps
/// the two forms from ever disagreeing on a number.
enum BriefAnswer {
    /// The brief form of a full summary answer (by its `kind`); other answers unchanged.
    static func reduce(_ full: JSONValue) -> JSONValue {
        guard case .object(let members) = full, let kind = members["kind"]?.stringValue else { return full }
        var out: [String: JSONValue]
        switch kind {
        case "daily_summary", "yesterday_summary":
            out = keep(members, ["kind", "day", "timezone", "timezoneSource", "dayStatus", "settling", "missing", "text", "anomalies", "strain"])
            out["metrics"] = metrics(members["metrics"], keys: ["status", "unit", "total", "average", "latest", "asleepMinutes", "minutes", "count", "settling"])
            if case .object(let readiness)? = members["readiness"] {
                out["readiness"] = .object(keep(readiness, ["status", "score", "band", "settling"]))
            }
            out["more"] = "full adds each metric's detail (min, max, latest and readings; sleep stages, bedtime and wake time; the 28-day baseline average), revisions, readiness components and their baselines, queued write intents, workouts, activity rings and provenance"
        case "range_summary":
            out = keep(members, ["kind", "from", "to", "days", "timezone", "timezoneSource", "rangeStatus", "missing", "text"])
            out["metrics"] = metrics(members["metrics"], keys: ["status", "unit", "daysWithData", "average", "total"])
            out["more"] = "full adds each metric's min and max days, first and last values, trend slope, sleep stage averages, the previous range's figures, queued write intents and provenance (sources, de-duplication rule, coverage)"
        case "metric_series":
            out = keep(members, ["kind", "metric", "unit", "bucket", "valueMeaning", "from", "to", "timezone", "timezoneSource", "summary"])
            out["more"] = "full adds one point per bucket and provenance"
        case "compare_ranges":
            out = keep(members, ["kind", "a", "b", "timezone", "timezoneSource", "text"])
            out["metrics"] = metrics(members["metrics"], keys: ["unit", "difference"])
            out["more"] = "full adds each range's statistics per metric (average, total, min and max days, trend, days with data) and provenance"
        case "sleep_report":
            out = keep(members, ["kind", "from", "to", "timezone", "timezoneSource", "unit", "nightsWithData", "nightsInRange", "averages", "consistency", "text"])
            out["more"] = "full adds every night (stage minutes, bedtime, wake time, source), the nights without data and provenance"
        case "workouts":
            out = keep(members, ["kind", "from", "to", "type", "timezone", "timezoneSource", "totals", "byType", "truncated", "text"])
            out["more"] = "full adds each workout (start, duration, distance, energy, heart rate, source) and provenance"
        default:
            return full
        }
        out["detail"] = "brief"
        return .object(out)
    }

    static func keep(_ members: [String: JSONValue], _ keys: [String]) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for key in keys { if let value = members[key] { out[key] = value } }
        return out
    }

    /// Each metric object with only `keys`.
    static func metrics(_ value: JSONValue?, keys: [String]) -> JSONValue {
        guard case .object(let metrics)? = value else { return value ?? .null }
        return .object(metrics.mapValues { metric in
            guard case .object(let members) = metric else { return metric }
            return .object(keep(members, keys))
        })
    }
}
