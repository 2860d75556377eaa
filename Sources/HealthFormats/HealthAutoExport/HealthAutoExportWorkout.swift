import HealthDomain
import JSON

/// Health Auto Export's workouts, both export versions, as a ``WorkoutDraft`` that
/// ``WorkoutRules`` checks — one set of workout rules for every format — named with
/// HAE's fields, so an issue names what HAE sent.
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
    /// HAE's name of each member.
    static let fieldNames: WorkoutDraft.FieldNames = {
        var names = WorkoutDraft.FieldNames()
        names.workoutKey = "id"
        names.activityType = "name"
        names.start = "start"
        names.end = "end"
        names.timezone = "start"
        names.duration = "duration"
        names.distanceUnit = "distance.units"
        names.heartRate = "heartRateData"
        names.sourceName = "source"
        return names
    }()

    /// The draft of one HAE workout; an unreadable start or end is among its issues.
    public static func draft(_ members: [String: JSONValue], path: String) -> WorkoutDraft {
        var draft = WorkoutDraft(fields: fieldNames)
        let start = date(members, "start", what: "start", path: path, into: &draft)
        let end = date(members, "end", what: "end", path: path, into: &draft)
        let name = members["name"]?.stringValue ?? "Other"
        draft.name = name
        draft.activityType = .name(activityType(name))
        draft.startTimeMs = start?.ms
        draft.endTimeMs = end?.ms
        // Without a start there is no zone; the start's issue names it.
        draft.timezone = start?.zone
        if let id = members["id"]?.stringValue, !id.isEmpty { draft.workoutKey = id }
        draft.durationSeconds = members["duration"]?.doubleValue
        draft.sourceName = members["source"]?.stringValue
        // v2 calls the total `activeEnergyBurned`; v1 `activeEnergy` (in v2 that name is the per-minute array).
        for key in ["activeEnergyBurned", "activeEnergy"] {
            if let (qty, units) = quantity(members[key]) {
                draft.activeEnergy = qty
                draft.activeEnergyUnit = units
                draft.fields.activeEnergy = key
                draft.fields.activeEnergyUnit = "\(key).units"
                break
            }
        }
        if let (qty, units) = quantity(members["distance"]) {
            draft.distance = qty
            draft.distanceUnit = units
        }
        let summary = members["heartRate"]?.objectValue
        draft.avgHeartRate = quantity(members["avgHeartRate"])?.0 ?? quantity(summary?["avg"])?.0
        draft.maxHeartRate = quantity(members["maxHeartRate"])?.0 ?? quantity(summary?["max"])?.0
        if case .array(let points)? = members["heartRateData"] {
            draft.heartRate = points.compactMap { point in
                guard let point = point.objectValue, let text = point["date"]?.stringValue, let date = HealthAutoExportDate.parse(text),
                      let bpm = point["Avg"]?.doubleValue ?? point["qty"]?.doubleValue else { return nil }
                return WorkoutDraft.HeartRatePoint(timeMs: date.ms, bpm: bpm)
            }
        }
        if case .array(let points)? = members["route"] {
            let startMs = start?.ms
            draft.route = points.compactMap { point in
                guard let point = point.objectValue,
                      let latitude = point["latitude"]?.doubleValue ?? point["lat"]?.doubleValue,
                      let longitude = point["longitude"]?.doubleValue ?? point["lon"]?.doubleValue else { return nil }
                let time = (point["timestamp"]?.stringValue).flatMap(HealthAutoExportDate.parse)?.ms ?? startMs
                return WorkoutDraft.RoutePoint(timeMs: time, latitude: latitude, longitude: longitude, altitude: point["altitude"]?.doubleValue)
            }
        }
        draft.metadata = .object(metadata(members))
        return draft
    }

    /// The date of `key`, or nil with the issue (`required`, `format`) in the draft.
    static func date(_ members: [String: JSONValue], _ key: String, what: String, path: String, into draft: inout WorkoutDraft) -> HealthAutoExportDate? {
        guard let text = members[key]?.stringValue else {
            draft.issues.append(ValidationIssue(field: key, code: "required", message: "\(path).\(key) is required (the workout's \(what) date)"))
            return nil
        }
        guard let parsed = HealthAutoExportDate.parse(text) else {
            draft.issues.append(ValidationIssue(field: key, code: "format", message: "\(path).\(key) '\(text.prefix(64))' is not a date; expected \(HealthAutoExportDate.expected)"))
            return nil
        }
        return parsed
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
