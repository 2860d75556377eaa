import HealthDomain
import SQLiteStore

extension SampleStore {
    /// Upserts workouts by key inside a write transaction; a re-send identical to the
    /// stored row (timelines included) rewrites nothing.
    /// `changed` receives each workout stored new (`added`) or changed, for the changes feed.
    static func upsert(workouts: [Workout], nowMs: Int64, clock: ZoneClock, db: Database, into outcome: inout RecordOutcome,
                       changed: inout [(workout: Workout, added: Bool)]) throws {
        guard !workouts.isEmpty else { return }
        let select = try db.statement(WorkoutRow.selectContentByKey)
        let insert = try db.statement(WorkoutRow.insert)
        let update = try db.statement(WorkoutRow.update)
        let count = Int32(WorkoutRow.columns.count)
        for workout in workouts {
            let values = WorkoutRow.values(workout, clock: clock)
            try select.bind(1, workout.workoutKey)
            let stored: [SQLiteValue]? = try select.step() ? (0..<count).map { select.value($0) } : nil
            select.reset()
            if stored == values {
                outcome.workoutsUnchanged += 1
                continue
            }
            let statement = stored == nil ? insert : update
            // Bound one by one: the statements take the receive and update times after the content.
            for (offset, value) in values.enumerated() { try statement.bind(Int32(offset + 1), value) }
            if stored == nil {
                try statement.bind(count + 1, nowMs)
                try statement.bind(count + 2, nowMs)
                outcome.workoutsInserted += 1
            } else {
                try statement.bind(count + 2, nowMs)
                outcome.workoutsUpdated += 1
            }
            try statement.run()
            changed.append((workout, stored == nil))
        }
    }

    static let ringColumns = "move_kcal, move_goal_kcal, exercise_minutes, exercise_goal_minutes, stand_hours, stand_goal_hours, source_name"

    /// Upserts one row of rings per day inside a write transaction; an identical re-send rewrites nothing.
    static func upsert(activitySummaries: [ActivitySummary], nowMs: Int64, db: Database, into outcome: inout RecordOutcome) throws {
        guard !activitySummaries.isEmpty else { return }
        let select = try db.statement("SELECT day, \(ringColumns) FROM activity_summaries WHERE day = ?")
        let upsert = try db.statement("""
            INSERT INTO activity_summaries (day, \(ringColumns), updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            ON CONFLICT (day) DO UPDATE SET move_kcal = ?2, move_goal_kcal = ?3, exercise_minutes = ?4, exercise_goal_minutes = ?5,
                stand_hours = ?6, stand_goal_hours = ?7, source_name = ?8, updated_ms = ?9
            """)
        for summary in activitySummaries {
            try select.bind(1, Int64(summary.day.ordinal))
            let stored = try select.step() ? ActivitySummaryRow.decode(select.row) : nil
            select.reset()
            if stored == summary {
                outcome.activitySummariesUnchanged += 1
                continue
            }
            try upsert.bind(ActivitySummaryRow.values(summary) + [.integer(nowMs)])
            try upsert.run()
            outcome.activitySummariesUpserted += 1
        }
    }
}
