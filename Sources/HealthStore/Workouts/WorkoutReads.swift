import HealthDomain
import SQLiteStore

/// Reads of stored workouts, through a `Database` the caller holds, so a listing, a
/// summary or a query answer reads them in its own reader job.
public enum WorkoutReads {
    /// One page of a listing: items newest first, and where the next page starts.
    public struct Page: Sendable {
        public var items: [StoredWorkout]
        /// (start, key) of the last item when more follow.
        public var next: (startMs: Int64, key: String)?
    }

    /// Workouts whose local day lies in `from`…`to` (either open), of `type` when given,
    /// newest first by (start, key), starting after `after`.
    static func page(_ db: Database, from: DayKey?, to: DayKey?, type: WorkoutActivityType?,
                     after: (startMs: Int64, key: String)?, limit: Int) throws -> Page {
        let sql = """
            SELECT \(WorkoutRow.summaryColumns.joined(separator: ", ")) FROM workouts
            WHERE day BETWEEN ?1 AND ?2 AND (?3 IS NULL OR activity_type = ?3)
              AND (?4 IS NULL OR start_ms < ?4 OR (start_ms = ?4 AND workout_key < ?5))
            ORDER BY start_ms DESC, workout_key DESC LIMIT ?6
            """
        let bindings: [SQLiteValue] = [
            .integer(Int64(from?.ordinal ?? Int.min)), .integer(Int64(to?.ordinal ?? Int.max)),
            type.map { .text($0.name) } ?? .null,
            after.map { .integer($0.startMs) } ?? .null, after.map { .text($0.key) } ?? .null,
            .integer(Int64(limit + 1)),
        ]
        var items = try db.query(sql, bindings) { try WorkoutRow.decode($0, withTimelines: false) }
        var next: (Int64, String)?
        if items.count > limit {
            items.removeLast()
            if let last = items.last { next = (last.workout.startTimeMs, last.workout.workoutKey) }
        }
        return Page(items: items, next: next)
    }

    /// Every workout of `from`…`to` (of `type` when given), ascending by start.
    static func inRange(_ db: Database, from: DayKey, to: DayKey, type: WorkoutActivityType? = nil) throws -> [StoredWorkout] {
        let sql = """
            SELECT \(WorkoutRow.summaryColumns.joined(separator: ", ")) FROM workouts
            WHERE day BETWEEN ?1 AND ?2 AND (?3 IS NULL OR activity_type = ?3) ORDER BY start_ms, workout_key
            """
        return try db.query(sql, [.integer(Int64(from.ordinal)), .integer(Int64(to.ordinal)), type.map { .text($0.name) } ?? .null]) {
            try WorkoutRow.decode($0, withTimelines: false)
        }
    }

    /// One workout with its timelines, or nil.
    static func one(_ db: Database, key: String) throws -> StoredWorkout? {
        try db.queryFirst(WorkoutRow.selectContentByKey, [.text(key)]) { try WorkoutRow.decode($0, withTimelines: true) }
    }
}
