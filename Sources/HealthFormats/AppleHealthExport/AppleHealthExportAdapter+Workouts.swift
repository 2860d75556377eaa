import HealthDomain
import JSON

extension AppleHealthExportAdapter {
    /// The attribute names of a `Workout`, so an issue names the attribute in the file.
    public static let workoutFieldNames: WorkoutDraft.FieldNames = {
        var names = WorkoutDraft.FieldNames()
        names.activityType = "workoutActivityType"
        names.start = "startDate"
        names.end = "endDate"
        names.timezone = "startDate"
        names.duration = "duration"
        names.activeEnergy = "totalEnergyBurned"
        names.activeEnergyUnit = "totalEnergyBurnedUnit"
        names.distance = "totalDistance"
        names.distanceUnit = "totalDistanceUnit"
        names.metadata = "MetadataEntry"
        return names
    }()

    /// The draft of one `Workout`: totals from its attributes (before iOS 16) or its
    /// `WorkoutStatistics` (later), heart rate from the heart-rate statistics; the route
    /// comes from inline `Location`s or the referenced GPX file.
    func finish(_ pending: PendingWorkout) -> AppleHealthExportWorkout {
        var draft = WorkoutDraft(fields: Self.workoutFieldNames)
        let type = pending["workoutActivityType"] ?? "HKWorkoutActivityTypeOther"
        draft.activityType = .name(WorkoutActivityType.resolve(type) == nil ? "other" : type)
        var issues: [ValidationIssue] = []
        let start = date(pending["startDate"], "startDate", &issues)
        let end = date(pending["endDate"], "endDate", &issues)
        draft.startTimeMs = start?.ms
        draft.timezone = start?.zone
        draft.endTimeMs = end?.ms
        draft.issues = issues
        if let text = pending["duration"], let duration = Double(text) {
            let factor: Double = switch pending["durationUnit"] ?? "min" {
            case "s", "sec": 1
            case "hr", "h": 3600
            default: 60
            }
            draft.durationSeconds = duration * factor
        }
        if let source = pending["sourceName"], !source.isEmpty { draft.sourceName = source }
        draft.device = pending["device"].flatMap(AppleHealthExportDevice.label)
        // Totals written as attributes (iOS 15 and before).
        if let energy = pending["totalEnergyBurned"].flatMap(Double.init) {
            draft.activeEnergy = energy
            draft.activeEnergyUnit = pending["totalEnergyBurnedUnit"] ?? "kcal"
        }
        if let distance = pending["totalDistance"].flatMap(Double.init) {
            draft.distance = distance
            draft.distanceUnit = pending["totalDistanceUnit"] ?? "km"
        }
        var metadata = pending.metadata
        metadata["format"] = "apple-health-export"
        if pending.events > 0 { metadata["events"] = .number(Double(pending.events)) }
        // WorkoutStatistics (iOS 16+): energy and distance sums, heart-rate average and maximum.
        for (statType, attributes) in pending.statistics {
            func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
            let unit = attribute("unit")
            switch statType {
            case "HKQuantityTypeIdentifierActiveEnergyBurned":
                if let sum = attribute("sum").flatMap(Double.init) {
                    draft.activeEnergy = sum
                    draft.activeEnergyUnit = unit ?? "kcal"
                    draft.fields.activeEnergy = "WorkoutStatistics.sum"
                    draft.fields.activeEnergyUnit = "WorkoutStatistics.unit"
                }
            case "HKQuantityTypeIdentifierDistanceWalkingRunning", "HKQuantityTypeIdentifierDistanceCycling",
                 "HKQuantityTypeIdentifierDistanceSwimming", "HKQuantityTypeIdentifierDistanceDownhillSnowSports",
                 "HKQuantityTypeIdentifierDistanceWheelchair", "HKQuantityTypeIdentifierDistanceRowing",
                 "HKQuantityTypeIdentifierDistancePaddleSports", "HKQuantityTypeIdentifierDistanceCrossCountrySkiing",
                 "HKQuantityTypeIdentifierDistanceSkatingSports":
                if let sum = attribute("sum").flatMap(Double.init) {
                    draft.distance = sum
                    draft.distanceUnit = unit ?? "km"
                    draft.fields.distance = "WorkoutStatistics.sum"
                    draft.fields.distanceUnit = "WorkoutStatistics.unit"
                }
            case "HKQuantityTypeIdentifierHeartRate":
                if let average = attribute("average").flatMap(Double.init) {
                    draft.avgHeartRate = average
                    draft.fields.avgHeartRate = "WorkoutStatistics.average"
                }
                if let maximum = attribute("maximum").flatMap(Double.init) {
                    draft.maxHeartRate = maximum
                    draft.fields.maxHeartRate = "WorkoutStatistics.maximum"
                }
            default:
                let name = Self.rawMetricName(statType)
                for key in ["sum", "average", "minimum", "maximum"] {
                    if let number = attribute(key).flatMap(Double.init) { metadata["\(name).\(key)"] = .number(number) }
                }
                if let unit { metadata["\(name).unit"] = .string(unit) }
            }
        }
        draft.metadata = .object(metadata)
        return AppleHealthExportWorkout(draft: draft, routeFile: pending.routeFile, inlineRoute: pending.route)
    }

    /// A route point from an inline `Location` (`date`, `latitude`, `longitude`, `altitude`).
    static func location(_ attributes: [(name: String, value: String)]) -> WorkoutDraft.RoutePoint? {
        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        guard let latitude = attribute("latitude").flatMap(Double.init), let longitude = attribute("longitude").flatMap(Double.init),
              let time = attribute("date").flatMap(HealthAutoExportDate.parse) else { return nil }
        return WorkoutDraft.RoutePoint(timeMs: time.ms, latitude: latitude, longitude: longitude, altitude: attribute("altitude").flatMap(Double.init))
    }

    /// The attribute names of an `ActivitySummary`.
    public static let activitySummaryFieldNames: ActivitySummaryDraft.FieldNames = {
        var names = ActivitySummaryDraft.FieldNames()
        names.day = "dateComponents"
        names.moveUnit = "activeEnergyBurnedUnit"
        for (native, alias) in NativeAdapter.ringAliases { names[keyPath: native] = alias }
        return names
    }()

    /// The draft of an `ActivitySummary` (`dateComponents` is the local day).
    static func activitySummary(_ attributes: [(name: String, value: String)]) -> ActivitySummaryDraft {
        var draft = ActivitySummaryDraft(fields: activitySummaryFieldNames)
        for (name, text) in attributes {
            switch name {
            case "dateComponents": draft.day = text
            case "activeEnergyBurnedUnit": draft.moveUnit = text
            case "activeEnergyBurned": draft.moveKcal = Double(text)
            case "activeEnergyBurnedGoal": draft.moveGoalKcal = Double(text)
            case "appleExerciseTime": draft.exerciseMinutes = Double(text)
            case "appleExerciseTimeGoal": draft.exerciseGoalMinutes = Double(text)
            case "appleStandHours": draft.standHours = Double(text)
            case "appleStandHoursGoal": draft.standGoalHours = Double(text)
            default: continue  // appleMoveTime(Goal): the move ring in minutes, for those without a calorie goal
            }
        }
        return draft
    }
}
