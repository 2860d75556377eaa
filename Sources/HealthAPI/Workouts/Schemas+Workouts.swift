import HealthDomain
import JSON

extension Schemas {
    /// The activity type names the table knows, for enums and descriptions.
    static var activityTypeNames: [String] { WorkoutActivityType.all.map(\.name) }

    /// A type that also takes JSON null: the rules read a null member as an absent one.
    static func orNull(_ type: String) -> JSONValue { [.string(type), "null"] }

    /// `names` as an enum that also takes null (an absent unit).
    static func unitEnum(_ units: MetricUnits) -> JSONValue { .array(units.names.map { .string($0) } + [.null]) }

    /// One `workouts[]` element of `POST /health/ingest`. True to the rules: an optional
    /// member may be null (read as absent), and only what the rules check on the value as
    /// sent is a schema keyword (ranges after unit conversion are rules, not maxima here).
    static let workoutInput: JSONValue = [
        "type": "object",
        "description": "One HealthKit workout (HKWorkout). Upserted by `workoutKey`; without one, the key is derived from (activity type, source, start, end) as `w1-…`, so a re-sent workout updates instead of duplicating. Workouts never add to day aggregates (a day's active energy comes from samples). An optional member sent as null counts as absent; unknown members are ignored.",
        "required": ["activityType", "startTimeMs", "endTimeMs", "timezone"],
        "properties": [
            "workoutKey": ["type": orNull("string"), "minLength": 1, "maxLength": 256, "description": "Stable unique id of the workout (the HealthKit UUID); the upsert key."],
            "activityType": ["type": ["string", "integer"], "description": .string("The HKWorkoutActivityType: its case name (" + WorkoutActivityType.all.prefix(8).map(\.name).joined(separator: ", ") + ", …; GET /health/capabilities lists all), case-insensitive, a readable name or common spelling (Running, Outdoor Run, run, HKWorkoutActivityTypeRunning), or its raw number (37).")],
            "name": ["type": orNull("string"), "minLength": 1, "maxLength": 128, "description": "A readable name such as \"Outdoor Run\"; default: the type's (\"Running\")."],
            "startTimeMs": ["type": "integer", "description": "Start, Unix epoch milliseconds (1970…2100)."],
            "endTimeMs": ["type": "integer", "description": "End, Unix epoch milliseconds: ≥ startTimeMs and at most 48 h after it."],
            "durationSeconds": ["type": orNull("number"), "minimum": 0, "description": "Active time in seconds (pauses excluded), at most endTimeMs − startTimeMs; default: the whole span."],
            "activeEnergy": ["type": orNull("number"), "minimum": 0, "description": "Active energy burned, in `activeEnergyUnit`; 0…20,000 kcal after conversion."],
            "activeEnergyUnit": ["type": orNull("string"), "enum": unitEnum(WorkoutRules.energyUnits), "default": "kcal", "description": "Unit of activeEnergy: kcal (default), Cal (a kilocalorie), cal (a thousandth of one), kJ or J; stored as kcal."],
            "distance": ["type": orNull("number"), "minimum": 0, "description": "Distance covered, in `distanceUnit`; 0…1,000 km after conversion."],
            "distanceUnit": ["type": orNull("string"), "enum": unitEnum(WorkoutRules.distanceUnits), "default": "km", "description": "Unit of distance: km (default), m, mi or another length HealthKit writes (ft, yd, in, cm, mm); stored as km."],
            "avgHeartRate": ["type": orNull("number"), "minimum": 20, "maximum": 300, "description": "Average heart rate, bpm."],
            "maxHeartRate": ["type": orNull("number"), "minimum": 20, "maximum": 300, "description": "Highest heart rate, bpm (≥ avgHeartRate)."],
            "heartRate": ["type": orNull("array"), "maxItems": .number(Double(WorkoutRules.maxHeartRatePoints)), "description": "The heart-rate timeline: at most 20,000 readings, stored ascending by time.",
                          "items": ["type": "object", "description": "One reading.", "required": ["timeMs", "bpm"], "properties": [
                            "timeMs": ["type": "integer", "description": "When, Unix epoch milliseconds."],
                            "bpm": ["type": "number", "minimum": 20, "maximum": 300, "description": "Beats per minute."],
                          ]]],
            "route": ["type": orNull("array"), "maxItems": .number(Double(WorkoutRules.maxRoutePoints)), "description": "The GPS route: at most 100,000 locations, stored ascending by time.",
                      "items": ["type": "object", "description": "One location.", "required": ["timeMs", "latitude", "longitude"], "properties": [
                        "timeMs": ["type": "integer", "description": "When, Unix epoch milliseconds."],
                        "latitude": ["type": "number", "minimum": -90, "maximum": 90, "description": "Latitude, degrees."],
                        "longitude": ["type": "number", "minimum": -180, "maximum": 180, "description": "Longitude, degrees."],
                        "altitude": ["type": orNull("number"), "minimum": -500, "maximum": 9000, "description": "Altitude above sea level, metres."],
                      ]]],
            "sourceName": ["type": orNull("string"), "maxLength": 256, "description": "HealthKit source name, e.g. \"Apple Watch\"."],
            "sourceBundleId": ["type": orNull("string"), "maxLength": 256, "description": "HealthKit source bundle identifier."],
            "device": ["type": orNull("string"), "maxLength": 256, "description": "The device that recorded the workout."],
            "timezone": ["type": "string", "minLength": 1, "maxLength": 64, "description": "IANA time zone the workout was recorded in; its local day is the date of its start there."],
            "metadata": ["type": orNull("object"), "description": "Other facts (HealthKit metadata keys and values); at most 4,096 bytes as JSON."],
        ],
    ]

    /// One `activitySummaries[]` element of `POST /health/ingest`. The HealthSave names
    /// are listed without constraints: the rules read one only when its native name is absent.
    static let activitySummaryInput: JSONValue = [
        "type": "object",
        "description": "One day's activity rings (HKActivitySummary), upserted by `day`. The HealthSave names (date, activeEnergyBurned, activeEnergyBurnedGoal, appleExerciseTime, appleExerciseTimeGoal, appleStandHours, appleStandHoursGoal) are accepted too, each read only when its native name is absent. At least one ring value is required; a ring sent as null counts as absent.",
        "anyOf": [["required": ["day"]], ["required": ["date"]]],
        "properties": [
            "day": ["type": "string", "format": "date", "description": "The local date, YYYY-MM-DD (1970…2099)."],
            "date": ["description": "HealthSave's name for `day` (YYYY-MM-DD), read when `day` is absent."],
            "moveKcal": ["type": orNull("number"), "minimum": 0, "description": "Move: active energy burned, in moveUnit; 0…20,000 kcal after conversion."],
            "moveGoalKcal": ["type": orNull("number"), "minimum": 0, "description": "Move goal, in moveUnit; 0…20,000 kcal after conversion."],
            "moveUnit": ["type": orNull("string"), "enum": unitEnum(WorkoutRules.energyUnits), "default": "kcal", "description": "Unit of moveKcal and moveGoalKcal: kcal (default), Cal, cal, kJ or J; stored as kcal."],
            "exerciseMinutes": ["type": orNull("number"), "minimum": 0, "maximum": 1440, "description": "Exercise minutes."],
            "exerciseGoalMinutes": ["type": orNull("number"), "minimum": 0, "maximum": 1440, "description": "Exercise goal, minutes."],
            "standHours": ["type": orNull("number"), "minimum": 0, "maximum": 24, "description": "Hours with a stand."],
            "standGoalHours": ["type": orNull("number"), "minimum": 0, "maximum": 24, "description": "Stand goal, hours."],
            "activeEnergyBurned": ["description": "HealthSave's name for moveKcal (kcal), read when moveKcal is absent."],
            "activeEnergyBurnedGoal": ["description": "HealthSave's name for moveGoalKcal, read when moveGoalKcal is absent."],
            "appleExerciseTime": ["description": "HealthSave's name for exerciseMinutes, read when exerciseMinutes is absent."],
            "appleExerciseTimeGoal": ["description": "HealthSave's name for exerciseGoalMinutes, read when exerciseGoalMinutes is absent."],
            "appleStandHours": ["description": "HealthSave's name for standHours, read when standHours is absent."],
            "appleStandHoursGoal": ["description": "HealthSave's name for standGoalHours, read when standGoalHours is absent."],
            "sourceName": ["type": orNull("string"), "maxLength": 256, "description": "Who reported the rings."],
        ],
    ]

    static let workoutFields: [String: JSONValue] = [
        "workoutKey": ["type": "string", "description": "The upsert key: the client's id or the derived `w1-…` key."],
        "activityType": ["type": "string", "description": "HKWorkoutActivityType case name, e.g. running."],
        "activityTypeNumber": ["type": "integer", "description": "Its HealthKit raw value, e.g. 37."],
        "name": ["type": "string", "description": "Readable name, e.g. \"Outdoor Run\"."],
        "day": ["type": "string", "format": "date", "description": "Local date of the start in the workout's timezone."],
        "startTimeMs": ["type": "integer", "description": "Start, Unix epoch milliseconds."],
        "endTimeMs": ["type": "integer", "description": "End, Unix epoch milliseconds."],
        "start": ["type": "string", "description": "Start as local ISO 8601 with offset, in the workout's timezone."],
        "end": ["type": "string", "description": "End as local ISO 8601 with offset, in the workout's timezone."],
        "durationSeconds": ["type": "number", "description": "Active time, seconds."],
        "activeEnergyKcal": ["type": ["number", "null"], "description": "Active energy, kcal; null when not sent (never 0 for missing)."],
        "distanceKm": ["type": ["number", "null"], "description": "Distance, km; null when not sent."],
        "avgHeartRateBpm": ["type": ["number", "null"], "description": "Average heart rate, bpm."],
        "maxHeartRateBpm": ["type": ["number", "null"], "description": "Highest heart rate, bpm."],
        "heartRatePoints": ["type": "integer", "description": "Readings in the heart-rate timeline."],
        "routePoints": ["type": "integer", "description": "Locations in the route."],
        "sourceName": ["type": ["string", "null"], "description": "Source name."],
        "sourceBundleId": ["type": ["string", "null"], "description": "Source bundle identifier."],
        "device": ["type": ["string", "null"], "description": "Recording device."],
        "timezone": ["type": "string", "description": "IANA time zone of the workout."],
        "metadata": ["type": ["object", "null"], "description": "Metadata as sent."],
    ]

    static let workout: JSONValue = [
        "type": "object",
        "description": "A stored workout without its timelines (their sizes instead).",
        "required": .array(workoutFields.keys.sorted().map { .string($0) }),
        "properties": .object(workoutFields),
    ]

    static let workoutDetail: JSONValue = {
        var fields = workoutFields
        fields["heartRate"] = ["type": "array", "description": "Heart-rate readings, ascending by time.", "items": [
            "type": "object", "required": ["timeMs", "bpm"], "properties": [
                "timeMs": ["type": "integer", "description": "When, Unix epoch milliseconds."],
                "bpm": ["type": "number", "description": "Beats per minute."],
            ]]]
        fields["route"] = ["type": "array", "description": "Route locations, ascending by time.", "items": [
            "type": "object", "required": ["timeMs", "latitude", "longitude", "altitude"], "properties": [
                "timeMs": ["type": "integer", "description": "When, Unix epoch milliseconds."],
                "latitude": ["type": "number", "description": "Latitude, degrees."],
                "longitude": ["type": "number", "description": "Longitude, degrees."],
                "altitude": ["type": ["number", "null"], "description": "Altitude, metres; null when not recorded."],
            ]]]
        return [
            "type": "object",
            "description": "A stored workout with its heart-rate timeline and route.",
            "required": .array(fields.keys.sorted().map { .string($0) }),
            "properties": .object(fields),
        ]
    }()

    static let workoutPage: JSONValue = [
        "type": "object",
        "description": "One page of workouts, newest first.",
        "required": ["workouts", "nextCursor"],
        "properties": [
            "workouts": ["type": "array", "items": ref("Workout"), "description": "Workouts by start time, newest first."],
            "nextCursor": ["type": ["string", "null"], "description": "Pass as `cursor` (with the same filters) for the next page; null on the last page."],
        ],
    ]

    static let workoutRouteGeoJSON: JSONValue = [
        "type": "object",
        "description": "A GeoJSON FeatureCollection (RFC 7946) holding the route as one Feature.",
        "required": ["type", "features"],
        "properties": [
            "type": ["type": "string", "const": "FeatureCollection", "description": "Always FeatureCollection."],
            "features": ["type": "array", "minItems": 1, "maxItems": 1, "description": "The route's one Feature.", "items": [
                "type": "object", "required": ["type", "geometry", "properties"], "properties": [
                    "type": ["type": "string", "const": "Feature", "description": "Always Feature."],
                    "geometry": ["type": "object", "required": ["type", "coordinates"], "description": "A LineString of [lon, lat(, alt)] positions; a Point for a single location.", "properties": [
                        "type": ["type": "string", "enum": ["LineString", "Point"], "description": "LineString, or Point for a one-location route."],
                        "coordinates": ["type": "array", "description": "Positions [longitude, latitude] or [longitude, latitude, altitude m] (a single position for a Point)."],
                    ]],
                    "properties": ["type": "object", "description": "The workout's identity and times.", "properties": [
                        "workoutKey": ["type": "string", "description": "The workout's key."],
                        "activityType": ["type": "string", "description": "HKWorkoutActivityType case name."],
                        "name": ["type": "string", "description": "Readable name."],
                        "startTimeMs": ["type": "integer", "description": "Start, Unix epoch milliseconds."],
                        "endTimeMs": ["type": "integer", "description": "End, Unix epoch milliseconds."],
                        "timezone": ["type": "string", "description": "IANA time zone of the workout."],
                        "timesMs": ["type": "array", "items": ["type": "integer"], "description": "Each position's time, Unix epoch milliseconds."],
                        "coordTimes": ["type": "array", "items": ["type": "string"], "description": "Each position's time, local ISO 8601 with offset."],
                    ]],
                ]]],
        ],
    ]

    static let activitySummary: JSONValue = [
        "type": "object",
        "description": "One day's activity rings; a ring not reported is null, never 0.",
        "required": ["day", "moveKcal", "moveGoalKcal", "exerciseMinutes", "exerciseGoalMinutes", "standHours", "standGoalHours", "sourceName"],
        "properties": [
            "day": ["type": "string", "format": "date", "description": "The local date."],
            "moveKcal": ["type": ["number", "null"], "description": "Move, kcal."],
            "moveGoalKcal": ["type": ["number", "null"], "description": "Move goal, kcal."],
            "exerciseMinutes": ["type": ["number", "null"], "description": "Exercise, minutes."],
            "exerciseGoalMinutes": ["type": ["number", "null"], "description": "Exercise goal, minutes."],
            "standHours": ["type": ["number", "null"], "description": "Stand, hours."],
            "standGoalHours": ["type": ["number", "null"], "description": "Stand goal, hours."],
            "sourceName": ["type": ["string", "null"], "description": "Who reported the rings."],
        ],
    ]

    static let activitySummaryList: JSONValue = [
        "type": "object",
        "description": "Activity rings of a date range; days without rings are absent.",
        "required": ["from", "to", "days"],
        "properties": [
            "from": ["type": "string", "format": "date", "description": "First date asked for."],
            "to": ["type": "string", "format": "date", "description": "Last date asked for."],
            "days": ["type": "array", "items": ref("ActivitySummary"), "description": "Days with rings, ascending."],
        ],
    ]

    /// The schemas this file adds to `components/schemas`.
    static var workoutComponents: [String: JSONValue] {
        [
            "WorkoutInput": workoutInput,
            "ActivitySummaryInput": activitySummaryInput,
            "Workout": workout,
            "WorkoutDetail": workoutDetail,
            "WorkoutPage": workoutPage,
            "WorkoutRouteGeoJSON": workoutRouteGeoJSON,
            "ActivitySummary": activitySummary,
            "ActivitySummaryList": activitySummaryList,
        ]
    }
}
