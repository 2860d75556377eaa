import JSON

extension AppleHealthExportAdapter {
    /// The native workout element of one `Workout`: totals from its attributes (before
    /// iOS 16) or its `WorkoutStatistics` (later), heart rate from the heart-rate
    /// statistics, the route from inline `Location`s or the referenced GPX file.
    func finish(_ pending: PendingWorkout) -> AppleHealthExportWorkout {
        var element: [String: JSONValue] = [:]
        let type = pending["workoutActivityType"] ?? "HKWorkoutActivityTypeOther"
        element["activityType"] = .string(WorkoutActivityType.resolve(type) == nil ? "other" : type)
        var issues: [ValidationIssue] = []
        let start = date(pending["startDate"], "startDate", &issues)
        let end = date(pending["endDate"], "endDate", &issues)
        if let start {
            element["startTimeMs"] = .number(Double(start.ms))
            element["timezone"] = .string(start.zone)
        }
        if let end { element["endTimeMs"] = .number(Double(end.ms)) }
        if let text = pending["duration"], let duration = Double(text) {
            let factor: Double = switch pending["durationUnit"] ?? "min" {
            case "s", "sec": 1
            case "hr", "h": 3600
            default: 60
            }
            element["durationSeconds"] = .number(duration * factor)
        }
        if let source = pending["sourceName"], !source.isEmpty { element["sourceName"] = .string(source) }
        if let device = pending["device"].flatMap(AppleHealthExportDevice.label) { element["device"] = .string(device) }
        // Totals written as attributes (iOS 15 and before).
        if let energy = pending["totalEnergyBurned"].flatMap(Double.init) {
            element["activeEnergy"] = .number(energy)
            element["activeEnergyUnit"] = .string(pending["totalEnergyBurnedUnit"] ?? "kcal")
        }
        if let distance = pending["totalDistance"].flatMap(Double.init) {
            element["distance"] = .number(distance)
            element["distanceUnit"] = .string(pending["totalDistanceUnit"] ?? "km")
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
                    element["activeEnergy"] = .number(sum)
                    element["activeEnergyUnit"] = .string(unit ?? "kcal")
                }
            case "HKQuantityTypeIdentifierDistanceWalkingRunning", "HKQuantityTypeIdentifierDistanceCycling",
                 "HKQuantityTypeIdentifierDistanceSwimming", "HKQuantityTypeIdentifierDistanceDownhillSnowSports",
                 "HKQuantityTypeIdentifierDistanceWheelchair", "HKQuantityTypeIdentifierDistanceRowing",
                 "HKQuantityTypeIdentifierDistancePaddleSports", "HKQuantityTypeIdentifierDistanceCrossCountrySkiing",
                 "HKQuantityTypeIdentifierDistanceSkatingSports":
                if let sum = attribute("sum").flatMap(Double.init) {
                    element["distance"] = .number(sum)
                    element["distanceUnit"] = .string(unit ?? "km")
                }
            case "HKQuantityTypeIdentifierHeartRate":
                if let average = attribute("average").flatMap(Double.init) { element["avgHeartRate"] = .number(average) }
                if let maximum = attribute("maximum").flatMap(Double.init) { element["maxHeartRate"] = .number(maximum) }
            default:
                let name = Self.rawMetricName(statType)
                for key in ["sum", "average", "minimum", "maximum"] {
                    if let number = attribute(key).flatMap(Double.init) { metadata["\(name).\(key)"] = .number(number) }
                }
                if let unit { metadata["\(name).unit"] = .string(unit) }
            }
        }
        element["metadata"] = .object(metadata)
        return AppleHealthExportWorkout(element: element, routeFile: pending.routeFile, inlineRoute: pending.route)
    }

    /// A route point from an inline `Location` (`date`, `latitude`, `longitude`, `altitude`).
    static func location(_ attributes: [(name: String, value: String)]) -> JSONValue? {
        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        guard let latitude = attribute("latitude").flatMap(Double.init), let longitude = attribute("longitude").flatMap(Double.init),
              let time = attribute("date").flatMap(HealthAutoExportDate.parse) else { return nil }
        var point: [String: JSONValue] = ["timeMs": .number(Double(time.ms)), "latitude": .number(latitude), "longitude": .number(longitude)]
        if let altitude = attribute("altitude").flatMap(Double.init) { point["altitude"] = .number(altitude) }
        return .object(point)
    }

    /// The native rings element of an `ActivitySummary` (`dateComponents` is the local day).
    static func activitySummary(_ attributes: [(name: String, value: String)]) -> JSONValue {
        var element: [String: JSONValue] = [:]
        for (name, text) in attributes {
            switch name {
            case "dateComponents": element["day"] = .string(text)
            case "activeEnergyBurnedUnit": element["moveUnit"] = .string(text)
            case "activeEnergyBurned", "activeEnergyBurnedGoal", "appleExerciseTime", "appleExerciseTimeGoal", "appleStandHours", "appleStandHoursGoal":
                if let number = Double(text) { element[name] = .number(number) }
            default: continue  // appleMoveTime(Goal): the move ring in minutes, for those without a calorie goal
            }
        }
        return .object(element)
    }
}
