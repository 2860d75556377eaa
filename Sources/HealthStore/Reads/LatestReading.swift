import HealthDomain
import SQLiteStore

/// The most recent stored day of one metric: what "the latest resting heart rate" or "the
/// latest weight" means beside a summary. Read from the day aggregates (one seek on
/// `day_aggregates_by_metric`), so it follows the same de-duplication and attribution as
/// every other figure and never touches raw samples.
public struct LatestReading: Sendable, Equatable {
    /// The local day of the aggregate.
    public var day: DayKey
    /// The day's headline number (total, average or asleep minutes).
    public var value: Double?
    /// The day's latest reading, for metrics of point readings; nil for other kinds.
    public var latest: Double?

    /// The day's latest reading where there is one, else its headline number.
    public var reading: Double? { latest ?? value }

    static let sql = """
        SELECT day, value, json_extract(data, '$.latest') FROM day_aggregates
         WHERE metric = ? AND day <= ? ORDER BY day DESC LIMIT 1
        """

    /// The stored day of `metric` with the greatest day key not after `day`.
    static func find(_ db: Database, metric: Metric, onOrBefore day: DayKey) throws -> LatestReading? {
        let statement = try db.statement(sql)
        defer { statement.reset() }
        try statement.bind(1, metric.rawValue)
        try statement.bind(2, Int64(day.ordinal))
        guard try statement.step() else { return nil }
        return LatestReading(day: DayKey(ordinal: Int(statement.int64(0))), value: statement.optionalDouble(1),
                             latest: statement.optionalDouble(2))
    }
}
