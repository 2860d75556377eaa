import HealthDomain
import JSON

extension NativeAdapter {
    /// The draft of one `workouts[]` element; wrong types are recorded in its issues.
    public static func workout(_ element: JSONValue) -> WorkoutDraft {
        guard case .object(let members) = element else {
            return WorkoutDraft(issues: [ValidationIssue(field: "workout", code: "type", message: "each workout must be an object (got \(element.typeName))")])
        }
        var fields = FieldReader(members: members)
        var draft = WorkoutDraft()
        draft.workoutKey = fields.string("workoutKey", required: false)
        switch fields.any("activityType") {
        case .string(let text)?: draft.activityType = .name(text)
        case .number(let number)?: draft.activityType = .number(number)
        case let other?: fields.issue("activityType", "type", "activityType must be a string or an integer (got \(other.typeName))")
        case nil: break
        }
        draft.name = fields.string("name", required: false)
        draft.startTimeMs = fields.time("startTimeMs")
        draft.endTimeMs = fields.time("endTimeMs")
        draft.durationSeconds = fields.number("durationSeconds")
        draft.activeEnergy = fields.number("activeEnergy")
        draft.activeEnergyUnit = fields.string("activeEnergyUnit", required: false)
        draft.distance = fields.number("distance")
        draft.distanceUnit = fields.string("distanceUnit", required: false)
        draft.avgHeartRate = fields.number("avgHeartRate")
        draft.maxHeartRate = fields.number("maxHeartRate")
        draft.heartRate = fields.points("heartRate") { point, path, reader in
            WorkoutDraft.HeartRatePoint(timeMs: reader.pointTime(point, path: path), bpm: reader.pointNumber(point, "bpm", path: path))
        }
        draft.route = fields.points("route") { point, path, reader in
            WorkoutDraft.RoutePoint(
                timeMs: reader.pointTime(point, path: path), latitude: reader.pointNumber(point, "latitude", path: path),
                longitude: reader.pointNumber(point, "longitude", path: path), altitude: reader.pointNumber(point, "altitude", path: path))
        }
        draft.sourceName = fields.string("sourceName", required: false)
        draft.sourceBundleId = fields.string("sourceBundleId", required: false)
        draft.device = fields.string("device", required: false)
        draft.timezone = fields.string("timezone", required: false)
        draft.metadata = fields.any("metadata")
        draft.issues = fields.issues
        return draft
    }

    /// The HealthSave app's spelling of each ring member, accepted beside the native one.
    public static let ringAliases: [(native: WritableKeyPath<ActivitySummaryDraft.FieldNames, String> & Sendable, alias: String)] = [
        (\.moveKcal, "activeEnergyBurned"), (\.moveGoalKcal, "activeEnergyBurnedGoal"),
        (\.exerciseMinutes, "appleExerciseTime"), (\.exerciseGoalMinutes, "appleExerciseTimeGoal"),
        (\.standHours, "appleStandHours"), (\.standGoalHours, "appleStandHoursGoal"),
    ]

    /// The draft of one `activitySummaries[]` element. The HealthSave app's names
    /// (`date`, `activeEnergyBurned`, `appleExerciseTime`, `appleStandHours` and their
    /// `…Goal`s) are read where the native name is absent, and issues then name them.
    public static func activitySummary(_ element: JSONValue) -> ActivitySummaryDraft {
        guard case .object(let members) = element else {
            return ActivitySummaryDraft(issues: [ValidationIssue(field: "activitySummary", code: "type", message: "each activity summary must be an object (got \(element.typeName))")])
        }
        var names = ActivitySummaryDraft.FieldNames.native
        if members["day"] == nil, members["date"] != nil { names.day = "date" }
        for (native, alias) in ringAliases where members[names[keyPath: native]] == nil && members[alias] != nil {
            names[keyPath: native] = alias
        }
        var fields = FieldReader(members: members)
        var draft = ActivitySummaryDraft(fields: names)
        draft.day = fields.string(names.day, required: false)
        draft.moveUnit = fields.string(names.moveUnit, required: false)
        draft.moveKcal = fields.number(names.moveKcal)
        draft.moveGoalKcal = fields.number(names.moveGoalKcal)
        draft.exerciseMinutes = fields.number(names.exerciseMinutes)
        draft.exerciseGoalMinutes = fields.number(names.exerciseGoalMinutes)
        draft.standHours = fields.number(names.standHours)
        draft.standGoalHours = fields.number(names.standGoalHours)
        draft.sourceName = fields.string(names.sourceName, required: false)
        draft.issues = fields.issues
        return draft
    }
}
