import HealthDomain
import JSON

extension HealthSaveAdapter {
    // MARK: Workouts and rings

    /// Workout members the draft's own fields carry; the rest go into metadata.
    static let workoutFields: Set<String> = [
        "uuid", "provider_object_id", "activityType", "workoutActivityType", "name", "start", "end", "startDate", "endDate",
        "duration", "activeEnergy", "distance", "distanceUnit", "avgHeartRate", "maxHeartRate", "heartRateData", "route",
        "source", "source_bundle_id", "tzOffsetMinutes", "metadata",
    ]

    func workout(_ element: JSONValue, _ context: Context) -> IngestElement.Value {
        guard case .object(let m) = element else {
            return .invalid(.workout, [ValidationIssue(field: "workout", code: "type", message: "each workout must be a JSON object (got \(element.typeName))")])
        }
        var names = WorkoutDraft.FieldNames()
        var issues: [ValidationIssue] = []
        let startField = m["start"] != nil ? "start" : "startDate"
        let endField = m["end"] != nil ? "end" : "endDate"
        names.start = startField
        names.end = endField
        let startParsed = instant(m[startField], startField, &issues)
        let end = instant(m[endField], endField, &issues)?.ms
        let zone = zoneName(startParsed, m["tzOffsetMinutes"], &issues)
        names.timezone = "tzOffsetMinutes"
        names.workoutKey = m["uuid"] != nil ? "uuid" : "provider_object_id"
        names.duration = "duration"
        names.heartRate = "heartRateData"
        names.sourceName = "source"
        names.sourceBundleId = "source_bundle_id"

        var draft = WorkoutDraft(fields: names)
        draft.workoutKey = nonEmpty(m["uuid"]?.stringValue) ?? nonEmpty(m["provider_object_id"]?.stringValue)
        let name = nonEmpty(m["name"]?.stringValue)
        let typeField = m["activityType"] != nil ? "activityType" : m["workoutActivityType"] != nil ? "workoutActivityType" : "name"
        draft.fields.activityType = typeField
        // A type the table does not know is `other`, never a rejection: the workout is kept.
        let sentType = m["activityType"] ?? m["workoutActivityType"] ?? name.map(JSONValue.string)
        switch sentType {
        case .string(let text)? where WorkoutActivityType.resolve(text) != nil: draft.activityType = .name(text)
        case .number(let number)?: draft.activityType = .number(number)
        default: draft.activityType = .name("other")
        }
        draft.name = name.map { String($0.prefix(128)) }
        draft.startTimeMs = startParsed?.ms
        draft.endTimeMs = end
        draft.durationSeconds = number(m["duration"])
        draft.activeEnergy = number(m["activeEnergy"]) ?? number(m["activeEnergy"]?["qty"])
        if let distance = number(m["distance"]) ?? number(m["distance"]?["qty"]) {
            // The app writes workout distances in metres.
            draft.distance = distance
            draft.distanceUnit = nonEmpty(m["distanceUnit"]?.stringValue) ?? "m"
        }
        draft.avgHeartRate = number(m["avgHeartRate"])
        draft.maxHeartRate = number(m["maxHeartRate"])
        // Points are read as the native ones are, from the app's members.
        var reader = PointReader()
        if let points = m["heartRateData"]?.arrayValue {
            draft.heartRate = points.enumerated().map { index, point in
                let time = point["date"]?.stringValue.flatMap(HealthSaveDate.parse)?.ms
                let native: [String: JSONValue] = ["timeMs": time.map { .number(Double($0)) } ?? (point["date"] ?? .null),
                                                   "bpm": point["qty"] ?? point["avg"] ?? point["value"] ?? .null]
                let path = "heartRateData[\(index)]"
                return WorkoutDraft.HeartRatePoint(timeMs: reader.pointTime(native, path: path), bpm: reader.pointNumber(native, "bpm", path: path))
            }
        }
        if let points = m["route"]?.arrayValue {
            draft.route = points.enumerated().map { index, point in
                let time = (point["timestamp"] ?? point["date"])?.stringValue.flatMap(HealthSaveDate.parse)?.ms
                let native: [String: JSONValue] = [
                    "timeMs": time.map { .number(Double($0)) } ?? (point["timestamp"] ?? .null),
                    "latitude": point["latitude"] ?? .null, "longitude": point["longitude"] ?? .null, "altitude": point["altitude"] ?? .null,
                ]
                let path = "route[\(index)]"
                return WorkoutDraft.RoutePoint(
                    timeMs: reader.pointTime(native, path: path), latitude: reader.pointNumber(native, "latitude", path: path),
                    longitude: reader.pointNumber(native, "longitude", path: path), altitude: reader.pointNumber(native, "altitude", path: path))
            }
        }
        draft.sourceName = nonEmpty(m["source"]?.stringValue) ?? context.fallbackSource
        draft.sourceBundleId = nonEmpty(m["source_bundle_id"]?.stringValue) ?? context.bundleId
        draft.device = context.deviceModel
        // Nil only when the offset was unreadable, which is named.
        draft.timezone = zone
        draft.metadata = metadata(m, skipping: Self.workoutFields)
        draft.issues = issues + reader.issues
        return .workout(draft)
    }

    func activitySummary(_ element: JSONValue, _ context: Context) -> IngestElement.Value {
        guard case .object(let m) = element else {
            return .invalid(.activitySummary, [ValidationIssue(field: "activitySummary", code: "type", message: "each activity summary must be a JSON object (got \(element.typeName))")])
        }
        var draft = NativeAdapter.activitySummary(element)
        if m["day"] == nil, let date = m["localDate"]?.stringValue ?? m["date"]?.stringValue {
            draft.fields.day = m["localDate"]?.stringValue != nil ? "localDate" : "date"
            if date.utf8.count == 10 {
                draft.day = date
            } else if let parsed = HealthSaveDate.parse(date) {
                // Rings are dated by an instant at a local midnight, written in UTC by some
                // app versions: the day is that of the nearest local midnight.
                var issues: [ValidationIssue] = []
                let zone = zoneName(parsed, m["tzOffsetMinutes"], &issues) ?? defaultZone
                draft.day = clock.dayOfNearestMidnight(atMs: parsed.ms, zone: zone).description
            } else {
                return .invalid(.activitySummary, [ValidationIssue(field: "date", code: "format", message: "date must be YYYY-MM-DD or an ISO 8601 instant (got '\(date.prefix(40))')")])
            }
        }
        if m["sourceName"] == nil {
            draft.sourceName = nonEmpty(m["source"]?.stringValue) ?? context.deviceName
            if m["source"] != nil { draft.fields.sourceName = "source" }
        }
        return .activitySummary(draft)
    }
}
