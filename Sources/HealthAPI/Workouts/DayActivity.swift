import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// A day's workouts and rings, as the daily summary shows them: read in the summary's
/// own reader job, listed in `workouts` and `activity`, and worded after the metric
/// phrases of its text.
struct DayActivity: Sendable {
    var workouts: [StoredWorkout]
    var rings: ActivitySummary?

    /// No workouts and no rings: what a summary built without reading them shows.
    static let none = DayActivity(workouts: [], rings: nil)

    /// The workouts whose local day is `day` (ascending by start) and the day's rings.
    static func load(_ reader: StoreReader, day: DayKey) throws -> DayActivity {
        DayActivity(workouts: try reader.workouts(from: day, to: day),
                    rings: try reader.activitySummaries(from: day, to: day).first)
    }

    /// `workouts` of the daily summary: what an agent needs to talk about each one.
    var workoutsJSON: JSONValue {
        .array(workouts.map { stored in
            let w = stored.workout
            return [
                "workoutKey": .string(w.workoutKey),
                "name": .string(w.name),
                "activityType": .string(w.activityType.name),
                "start": .string(SummaryText.clock(atMs: w.startTimeMs, zone: w.timezone)),
                "timezone": .string(w.timezone),
                "durationMinutes": JSONValue(WorkoutText.minutes(w.durationSeconds)),
                "distanceKm": w.distanceKm.map { SummaryNumber.rounded($0, decimals: 2) } ?? .null,
                "activeEnergyKcal": w.activeEnergyKcal.map { SummaryNumber.rounded($0, decimals: 0) } ?? .null,
                "avgHeartRateBpm": w.avgHeartRateBpm.map { SummaryNumber.rounded($0, decimals: 0) } ?? .null,
            ]
        })
    }

    /// `activity` of the daily summary: the rings, or null when none were reported.
    var ringsJSON: JSONValue { rings?.json ?? .null }

    /// The sentences that follow the metric phrases, each with its full stop, or nil:
    /// "Ran 6.5 km in 45 min, avg HR 145. Move 540/600 kcal, Exercise 42/30 min, Stand 12/12 h."
    var text: String? {
        let sentences = [WorkoutText.daySentence(workouts.map(\.workout)), WorkoutText.ringsSentence(rings)].compactMap { $0 }
        return sentences.isEmpty ? nil : sentences.map { $0 + "." }.joined(separator: " ")
    }
}
