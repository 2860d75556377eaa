import HealthDomain
import SQLiteStore

/// The mapping between `ActivitySummary` and an `activity_summaries` row.
enum ActivitySummaryRow {
    static let select = "SELECT day, \(SampleStore.ringColumns) FROM activity_summaries"

    /// Parameters 1–8: the day and the ring columns.
    static func values(_ summary: ActivitySummary) -> [SQLiteValue] {
        func real(_ value: Double?) -> SQLiteValue { value.map { .real($0) } ?? .null }
        return [
            .integer(Int64(summary.day.ordinal)), real(summary.moveKcal), real(summary.moveGoalKcal), real(summary.exerciseMinutes),
            real(summary.exerciseGoalMinutes), real(summary.standHours), real(summary.standGoalHours),
            summary.sourceName.map { .text($0) } ?? .null,
        ]
    }

    /// A row selected with `select`.
    static func decode(_ row: Row) -> ActivitySummary {
        ActivitySummary(day: DayKey(ordinal: Int(row.int64(0))), moveKcal: row.optionalDouble(1), moveGoalKcal: row.optionalDouble(2),
                        exerciseMinutes: row.optionalDouble(3), exerciseGoalMinutes: row.optionalDouble(4),
                        standHours: row.optionalDouble(5), standGoalHours: row.optionalDouble(6), sourceName: row.optionalText(7))
    }

    /// The rings of `from`…`to`, ascending by day.
    static func load(_ db: Database, from: DayKey, to: DayKey) throws -> [ActivitySummary] {
        try db.query("\(select) WHERE day BETWEEN ? AND ? ORDER BY day", [.integer(Int64(from.ordinal)), .integer(Int64(to.ordinal))], decode)
    }
}
