import HealthDomain
import JSON

/// The entries the store appends itself, inside the transaction of the change: days whose
/// aggregates were recomputed, workouts stored new or changed, write intents whose status
/// changed. (Settling, silence and readiness are the feed watcher's, which keeps a clock.)
extension ChangeDraft {
    /// A day's aggregates changed.
    public static let dayChangedType = "day.changed"
    /// A workout was added or changed.
    public static let workoutChangedType = "workout.changed"
    /// A write intent changed status.
    public static let intentStatusType = "intent.status"
    /// A write intent was given up (`dead`).
    public static let intentDeadType = "intent.dead"

    /// One `day.changed` per day of `affected`, in day order: the day and its metrics by
    /// name; the values are the metrics' new headline numbers (null where the day lost the metric).
    static func daysChanged(_ affected: [DayKey: Set<Metric>], headlines: DayHeadlines) -> [ChangeDraft] {
        affected.keys.sorted().map { day in
            let metrics = (affected[day] ?? []).sorted()
            var values: [String: JSONValue] = [:]
            for metric in metrics {
                if let headline = headlines[day]?[metric] { values[metric.rawValue] = headline.map { .number($0) } ?? .null }
            }
            return ChangeDraft(type: dayChangedType,
                               subject: ["day": .string(day.description), "metrics": .array(metrics.map { .string($0.rawValue) })],
                               values: values.isEmpty ? nil : values)
        }
    }

    /// A `workout.changed` for a workout stored new (`added`) or changed.
    static func workoutChanged(_ workout: Workout, added: Bool, clock: ZoneClock) -> ChangeDraft {
        var values: [String: JSONValue] = ["durationSeconds": .number(workout.durationSeconds)]
        if let distance = workout.distanceKm { values["distanceKm"] = .number(distance) }
        if let energy = workout.activeEnergyKcal { values["activeEnergyKcal"] = .number(energy) }
        if let heartRate = workout.avgHeartRateBpm { values["avgHeartRateBpm"] = .number(heartRate) }
        return ChangeDraft(type: workoutChangedType, subject: [
            "workoutKey": .string(workout.workoutKey), "activityType": .string(workout.activityType.name),
            "day": .string(workout.day(clock: clock).description), "change": .string(added ? "added" : "updated"),
        ], values: values)
    }

    /// The entries of a write intent's recorded `event` (`created`, `applied`, `dead`, …):
    /// `intent.status`, and `intent.dead` as well when the intent is now dead.
    static func intentChanged(_ intent: WriteIntent, event: String) -> [ChangeDraft] {
        var subject: [String: JSONValue] = [
            "externalId": .string(intent.externalId), "version": .number(Double(intent.version)), "status": .string(intent.status.rawValue),
            "event": .string(event), "metric": .string(intent.content.metric.rawValue),
        ]
        let values: [String: JSONValue] = ["valueNumber": .number(intent.content.valueNumber), "unit": .string(intent.content.unit)]
        var drafts = [ChangeDraft(type: intentStatusType, subject: subject, values: values)]
        if intent.status == .dead {
            subject["reason"] = intent.deadReason.map(JSONValue.string) ?? .null
            drafts.append(ChangeDraft(type: intentDeadType, subject: subject, values: values))
        }
        return drafts
    }
}
