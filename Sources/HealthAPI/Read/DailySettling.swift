import HealthDomain
import HealthStore
import JSON

/// The day status `GET /health/daily` adds to each stored aggregate and each day:
/// `settling` (provisional or settled, in the answer's timezone) and `revisedAtMs`.
struct DailySettling: Sendable {
    let rule: SettlingRule
    let catalog: MetricCatalog

    /// The optional `timezone` parameter: a malformed name is a 400, a well-formed one the
    /// server does not know a 422.
    static func timezone(_ query: QueryParameters) throws -> String? {
        guard let zone = try query.string("timezone") else { return nil }
        guard TimezoneName.isWellFormed(zone) else {
            throw APIError.invalidParameter("timezone", "'timezone' must be an IANA timezone name such as Europe/Berlin: letters, digits, _ + - and '/', at most \(TimezoneName.maxLength) characters", rule: "pattern")
        }
        guard KnownTimeZones.contains(zone) else {
            throw APIError.unprocessable("timezone", "'timezone' must be an IANA timezone this server knows, such as Europe/Berlin (got '\(zone.prefix(64))')", rule: "timezone")
        }
        return zone
    }

    /// One day of the answer as it is assembled.
    struct Day {
        let ordinal: Int
        var metrics: [String: JSONValue] = [:]
        var statuses: [DayStatus] = []
        var revisedAtMs: Int64?

        init(ordinal: Int) { self.ordinal = ordinal }

        /// Adds a stored aggregate with its status and revision.
        mutating func add(_ row: JudgementReads.DailyRow, aggregate: JSONValue, settling: DailySettling) {
            var sleepEndMs: Int64?
            if case .object(var members) = aggregate {
                sleepEndMs = members["sleepEnd"]?.int64Value
                let status = settling.rule.status(DayKey(ordinal: ordinal), kind: settling.catalog.kind(of: Metric(rawValue: row.metric)),
                                                  arrivedMs: row.arrivedMs, sleepEndMs: sleepEndMs)
                statuses.append(status)
                members["settling"] = .string(status.rawValue)
                members["revisedAtMs"] = row.revisedMs.map { JSONValue($0) } ?? .null
                metrics[row.metric] = .object(members)
            } else {
                metrics[row.metric] = aggregate
            }
            if let revised = row.revisedMs { revisedAtMs = max(revisedAtMs ?? revised, revised) }
        }

        var json: JSONValue {
            ["dayKey": .string(DayKey(ordinal: ordinal).description), "metrics": .object(metrics),
             "settling": .string(DayStatus.combined(statuses).rawValue), "revisedAtMs": revisedAtMs.map { JSONValue($0) } ?? .null]
        }
    }
}
