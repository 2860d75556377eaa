import HealthDomain
import JSON

extension IntentReader {
    /// The judgement intents' bodies: readiness, anomalies, records, correlation.
    func judgement() throws -> QueryIntent {
        switch spec.name {
        case "readiness":
            return .readiness(day: try optionalDate("date"), timezone: try timezone())
        case "anomalies":
            let range = try range(maxDays: Limits.anomalyScanDays)
            return .anomalies(range, metrics: try metrics("metrics"), threshold: try threshold("threshold"), timezone: try timezone())
        case "records":
            let metric = try metric("metric")
            let from = try optionalDate("from"), to = try optionalDate("to")
            if let from, let to { _ = try checked(DayRange(from: from, to: to), fromPath: "from", toPath: "to", maxDays: Limits.recordsDays, limitNote: nil) }
            return .records(spec: metric, from: from, to: to, goal: try goal("goal"), timezone: try timezone())
        default:
            let a = try metric("metricA"), b = try metric("metricB")
            let range = try range(maxDays: Limits.correlationDays)
            let lag = try lagDays("lagDays")
            if a == b && lag == 0 {
                throw fail("metricB", "'metricB' must differ from 'metricA' when lagDays is 0 (a metric always correlates with itself); use lagDays 1 for day-to-day carry-over", rule: "distinct")
            }
            return .correlation(a: a, b: b, range: range, lagDays: lag, timezone: try timezone())
        }
    }

    /// A date that may be left out (null counts as left out only where the schema allows it: never).
    func optionalDate(_ name: String) throws -> DayKey? {
        guard let value = object[name] else { return nil }
        return try parseDate(name, value)
    }

    /// A number field, or nil when left out.
    func number(_ name: String) throws -> Double? {
        guard let value = object[name] else { return nil }
        guard case .number = value, let number = value.doubleValue, number.isFinite else {
            throw fail(name, "field '\(name)' must be a number (got \(value.typeName))", rule: "type")
        }
        return number
    }

    func threshold(_ name: String) throws -> Double {
        guard let value = try number(name) else { return AnomalyScan.defaultThreshold }
        let allowed = AnomalyScan.allowedThresholds
        guard allowed.contains(value) else {
            throw fail(name, "field '\(name)' must be between \(SummaryText.oneDecimal(allowed.lowerBound)) and \(SummaryText.oneDecimal(allowed.upperBound)) (got \(value))", rule: "range",
                       extra: ["minimum": .number(allowed.lowerBound), "maximum": .number(allowed.upperBound)])
        }
        return value
    }

    func lagDays(_ name: String) throws -> Int {
        guard let value = try number(name) else { return 0 }
        guard let lag = Int(exactly: value), Correlation.allowedLags.contains(lag) else {
            throw fail(name, "field '\(name)' must be 0 or 1 (got \(value))", rule: "enum", extra: ["allowed": [0, 1]])
        }
        return lag
    }

    func goal(_ name: String) throws -> StreakGoal? {
        guard let value = object[name] else { return nil }
        let rings = IntentSpec.ringGoals.keys.sorted()
        switch value {
        case .number:
            let threshold = try number(name) ?? 0
            guard IntentSpec.goalRange.contains(threshold) else {
                throw fail(name, "a numeric '\(name)' must be between -1,000,000,000 and 1,000,000,000 (got \(threshold))", rule: "range",
                           extra: ["minimum": .number(IntentSpec.goalRange.lowerBound), "maximum": .number(IntentSpec.goalRange.upperBound)])
            }
            return .atLeast(threshold)
        case .string(let text):
            guard let ring = IntentSpec.ringGoals[text] else {
                throw fail(name, "field '\(name)' must be a number or one of \(rings.joined(separator: ", ")) (got '\(text.prefix(40))')", rule: "enum",
                           extra: ["allowed": .array(rings.map(JSONValue.string))])
            }
            return .ringClosed(ring)
        default:
            throw fail(name, "field '\(name)' must be a number or one of \(rings.joined(separator: ", ")) (got \(value.typeName))", rule: "type")
        }
    }

    /// `detail`: full when left out.
    func detail() throws -> AnswerDetail {
        guard let text = try string("detail", object["detail"], required: false) else { return .full }
        guard let detail = AnswerDetail(rawValue: text) else {
            throw fail("detail", "field 'detail' must be \"brief\" or \"full\" (got '\(text.prefix(40))')", rule: "enum", extra: ["allowed": ["brief", "full"]])
        }
        return detail
    }
}
