import JSON

/// Health Auto Export's workouts, both export versions, translated into the native
/// `workouts[]` element that ``WorkoutRules`` checks — one set of workout rules for
/// every format.
///
/// - v1: no `id` or `duration`; totals as `{qty, units}` (`activeEnergy`, `distance`,
///   `stepCount`, `elevation {ascent, descent, units}`); `heartRateData` points
///   `{date, qty}`; route points `{lat, lon, altitude, timestamp}`.
/// - v2: `id`, `duration` (s), `activeEnergyBurned`, `distance`, `avgHeartRate`,
///   `maxHeartRate` or `heartRate {min, avg, max}`; `heartRateData` points
///   `{date, Min, Avg, Max}`; route points `{latitude, longitude, altitude, timestamp}`.
///
/// Per-minute arrays (`activeEnergy`, `stepCount`, `walkingAndRunningDistance` as
/// arrays) are counted in the workout's metadata and never become day samples: the
/// same minutes already arrive as the day's own samples, and adding them would count
/// them twice.
public enum HealthAutoExportWorkout {
    /// The native element of one HAE workout, or the problem that prevents one.
    public static func element(_ members: [String: JSONValue], path: String) -> Result<HealthAutoExportPayload.WorkoutItem, ValidationIssue> {
        var native: [String: JSONValue] = [:]
        var wire: [String: String] = ["activityType": "name", "name": "name", "startTimeMs": "start", "endTimeMs": "end", "timezone": "start",
                                      "durationSeconds": "duration", "distance": "distance", "distanceUnit": "distance.units",
                                      "avgHeartRate": "avgHeartRate", "maxHeartRate": "maxHeartRate", "heartRate": "heartRateData", "route": "route",
                                      "workoutKey": "id", "sourceName": "source", "metadata": "metadata"]
        guard let startText = members["start"]?.stringValue else {
            return .failure(ValidationIssue(field: "\(path).start", code: "required", message: "\(path).start is required (the workout's start date)"))
        }
        guard let start = HealthAutoExportDate.parse(startText) else {
            return .failure(ValidationIssue(field: "\(path).start", code: "format", message: "\(path).start '\(startText.prefix(64))' is not a date; expected \(HealthAutoExportDate.expected)"))
        }
        guard let endText = members["end"]?.stringValue else {
            return .failure(ValidationIssue(field: "\(path).end", code: "required", message: "\(path).end is required (the workout's end date)"))
        }
        guard let end = HealthAutoExportDate.parse(endText) else {
            return .failure(ValidationIssue(field: "\(path).end", code: "format", message: "\(path).end '\(endText.prefix(64))' is not a date; expected \(HealthAutoExportDate.expected)"))
        }
        let name = members["name"]?.stringValue ?? "Other"
        native["name"] = .string(name)
        native["activityType"] = .string(activityType(name))
        native["startTimeMs"] = .number(Double(start.ms))
        native["endTimeMs"] = .number(Double(end.ms))
        native["timezone"] = .string(start.zone)
        if let id = members["id"]?.stringValue, !id.isEmpty { native["workoutKey"] = .string(id) }
        if let duration = members["duration"]?.doubleValue { native["durationSeconds"] = .number(duration) }
        if let source = members["source"]?.stringValue { native["sourceName"] = .string(source) }
        // v2 calls the total `activeEnergyBurned`; v1 `activeEnergy` (in v2 that name is the per-minute array).
        for key in ["activeEnergyBurned", "activeEnergy"] {
            if let (qty, units) = quantity(members[key]) {
                native["activeEnergy"] = .number(qty)
                if let units { native["activeEnergyUnit"] = .string(units) }
                wire["activeEnergy"] = key
                wire["activeEnergyUnit"] = "\(key).units"
                break
            }
        }
        if let (qty, units) = quantity(members["distance"]) {
            native["distance"] = .number(qty)
            if let units { native["distanceUnit"] = .string(units) }
        }
        let summary = members["heartRate"]?.objectValue
        if let avg = quantity(members["avgHeartRate"])?.0 ?? quantity(summary?["avg"])?.0 { native["avgHeartRate"] = .number(avg) }
        if let max = quantity(members["maxHeartRate"])?.0 ?? quantity(summary?["max"])?.0 { native["maxHeartRate"] = .number(max) }
        if case .array(let points)? = members["heartRateData"] {
            native["heartRate"] = .array(points.compactMap { point in
                guard let point = point.objectValue, let text = point["date"]?.stringValue, let date = HealthAutoExportDate.parse(text),
                      let bpm = point["Avg"]?.doubleValue ?? point["qty"]?.doubleValue else { return nil }
                return ["timeMs": .number(Double(date.ms)), "bpm": .number(bpm)]
            })
        }
        if case .array(let points)? = members["route"] {
            native["route"] = .array(points.compactMap { point in
                guard let point = point.objectValue,
                      let latitude = point["latitude"]?.doubleValue ?? point["lat"]?.doubleValue,
                      let longitude = point["longitude"]?.doubleValue ?? point["lon"]?.doubleValue else { return nil }
                let time = (point["timestamp"]?.stringValue).flatMap(HealthAutoExportDate.parse)?.ms ?? start.ms
                var out: [String: JSONValue] = ["timeMs": .number(Double(time)), "latitude": .number(latitude), "longitude": .number(longitude)]
                if let altitude = point["altitude"]?.doubleValue { out["altitude"] = .number(altitude) }
                return .object(out)
            })
        }
        native["metadata"] = .object(metadata(members))
        return .success(HealthAutoExportPayload.WorkoutItem(path: path, element: .object(native), wireNames: wire))
    }

    /// The catalog's type for HAE's display name ("Outdoor Run" → running), `other` when none fits.
    static func activityType(_ name: String) -> String {
        if WorkoutActivityType.resolve(name) != nil { return name }
        var words = name.split(separator: " ").map(String.init)
        if let first = words.first, ["outdoor", "indoor", "pool", "open"].contains(first.lowercased()) { words.removeFirst() }
        let rest = words.joined(separator: " ")
        if WorkoutActivityType.resolve(rest) != nil { return rest }
        let synonyms = ["run": "running", "walk": "walking", "cycle": "cycling", "swim": "swimming", "hike": "hiking", "ride": "cycling"]
        if let mapped = synonyms[rest.lowercased()] { return mapped }
        return "other"
    }

    /// `{qty, units}` or a bare number.
    static func quantity(_ value: JSONValue?) -> (Double, String?)? {
        switch value {
        case .number(let number)?: return (number, nil)
        case .object(let members)?:
            guard let qty = members["qty"]?.doubleValue else { return nil }
            return (qty, members["units"]?.stringValue)
        default: return nil
        }
    }

    /// The facts without a native member, kept small: scalars as sent, `{qty, units}` as
    /// the quantity plus its unit, arrays as their length (per-minute series are not kept).
    static func metadata(_ members: [String: JSONValue]) -> [String: JSONValue] {
        let mapped: Set<String> = ["name", "start", "end", "id", "duration", "source", "activeEnergyBurned", "distance", "avgHeartRate",
                                   "maxHeartRate", "heartRate", "heartRateData", "route"]
        var out: [String: JSONValue] = ["format": "hae"]
        for (key, value) in members where !mapped.contains(key) {
            switch value {
            case .string, .number, .bool: out[key] = value
            case .array(let items): out["\(key)Points"] = .number(Double(items.count))
            case .object(let object):
                if let qty = object["qty"]?.doubleValue {
                    out[key] = .number(qty)
                    if let units = object["units"]?.stringValue { out["\(key)Units"] = .string(units) }
                } else {
                    for (inner, item) in object {
                        switch item {
                        case .string, .number, .bool: out["\(key).\(inner)"] = item
                        default: continue
                        }
                    }
                }
            case .null: continue
            }
        }
        return out
    }
}
