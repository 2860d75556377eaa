import HealthDomain
import JSON
import SQLiteStore

/// The mapping between `Workout` and a `workouts` row: column order, binding, the
/// compact JSON of the timelines and decoding live together.
enum WorkoutRow {
    /// Every content column, in bind order (parameter i+1 is `columns[i]`).
    static let columns = [
        "workout_key", "activity_type", "activity_type_number", "name", "start_ms", "end_ms", "day", "duration_s",
        "active_energy_kcal", "distance_km", "avg_heart_rate_bpm", "max_heart_rate_bpm", "heart_rate_points", "route_points",
        "heart_rate", "route", "source_name", "source_bundle_id", "device", "timezone", "metadata",
    ]
    /// The columns of a listing item: everything but the timelines.
    static let summaryColumns = columns.filter { $0 != "heart_rate" && $0 != "route" }

    static let selectContentByKey = "SELECT \(columns.joined(separator: ", ")) FROM workouts WHERE workout_key = ?"

    /// The columns besides the timelines (and their sizes): comparing them tells whether a
    /// workout changed without reading its route, which can be most of the row.
    static let timelineColumns: Set<String> = ["heart_rate", "route", "heart_rate_points", "route_points"]
    static let selectWithoutTimelinesByKey =
        "SELECT route_points, \(columns.filter { !timelineColumns.contains($0) }.joined(separator: ", ")) FROM workouts WHERE workout_key = ?"

    /// `values(workout)` without the timeline columns, in `selectWithoutTimelinesByKey`'s order.
    static func valuesWithoutTimelines(_ workout: Workout, clock: ZoneClock) -> [SQLiteValue] {
        zip(columns, values(workout, clock: clock)).filter { !timelineColumns.contains($0.0) }.map(\.1)
    }

    static let insert = """
        INSERT INTO workouts (\(columns.joined(separator: ", ")), received_ms, updated_ms)
        VALUES (\((1...columns.count + 2).map { "?\($0)" }.joined(separator: ", ")))
        """

    /// Parameter `columns.count + 1` (the receive time) is unused here; inserts bind it.
    static let update = """
        UPDATE workouts SET \(columns.enumerated().dropFirst().map { "\($1) = ?\($0 + 1)" }.joined(separator: ", ")), updated_ms = ?\(columns.count + 2)
        WHERE workout_key = ?1
        """

    /// The row values of `workout`, in `columns` order.
    static func values(_ workout: Workout, clock: ZoneClock) -> [SQLiteValue] {
        func real(_ value: Double?) -> SQLiteValue { value.map { .real($0) } ?? .null }
        func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
        return [
            .text(workout.workoutKey), .text(workout.activityType.name), .integer(Int64(workout.activityType.number)), .text(workout.name),
            .integer(workout.startTimeMs), .integer(workout.endTimeMs), .integer(Int64(workout.day(clock: clock).ordinal)),
            .real(workout.durationSeconds), real(workout.activeEnergyKcal), real(workout.distanceKm),
            real(workout.avgHeartRateBpm), real(workout.maxHeartRateBpm),
            .integer(Int64(workout.heartRate.count)), .integer(Int64(workout.route.count)),
            text(encodeHeartRate(workout.heartRate)), text(encodeRoute(workout.route)),
            text(workout.sourceName), text(workout.sourceBundleId), text(workout.device), .text(workout.timezone), text(workout.metadata),
        ]
    }

    /// `[[timeMs, bpm], …]`, or nil for no readings.
    static func encodeHeartRate(_ points: [HeartRatePoint]) -> String? {
        guard !points.isEmpty else { return nil }
        return JSONWriter.string(.array(points.map { [JSONValue($0.timeMs), .number($0.bpm)] }))
    }

    /// `[[timeMs, lat, lon], [timeMs, lat, lon, alt], …]`, or nil for no route.
    static func encodeRoute(_ points: [RoutePoint]) -> String? {
        guard !points.isEmpty else { return nil }
        return JSONWriter.string(.array(points.map { point in
            var item: [JSONValue] = [JSONValue(point.timeMs), .number(point.latitude), .number(point.longitude)]
            if let altitude = point.altitudeM { item.append(.number(altitude)) }
            return .array(item)
        }))
    }

    /// The numbers of each element of a stored timeline; an element that is not an
    /// array of numbers of an allowed length is a damaged row.
    static func tuples(_ text: String?, key: String, column: String, lengths: ClosedRange<Int>) throws -> [[Double]] {
        guard let text else { return [] }
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(text) } catch {
            throw UnreadableWorkout(workoutKey: key, reason: "\(column) is not JSON (\(error.message))")
        }
        guard let items = parsed.arrayValue else { throw UnreadableWorkout(workoutKey: key, reason: "\(column) is not an array") }
        return try items.enumerated().map { index, item in
            guard let numbers = item.arrayValue?.compactMap(\.doubleValue), numbers.count == item.arrayValue?.count, lengths.contains(numbers.count) else {
                throw UnreadableWorkout(workoutKey: key, reason: "\(column)[\(index)] is not a point")
            }
            return numbers
        }
    }

    static func decodeHeartRate(_ text: String?, key: String) throws -> [HeartRatePoint] {
        try tuples(text, key: key, column: "heart_rate", lengths: 2...2).map { HeartRatePoint(timeMs: Int64($0[0]), bpm: $0[1]) }
    }

    static func decodeRoute(_ text: String?, key: String) throws -> [RoutePoint] {
        try tuples(text, key: key, column: "route", lengths: 3...4).map {
            RoutePoint(timeMs: Int64($0[0]), latitude: $0[1], longitude: $0[2], altitudeM: $0.count == 4 ? $0[3] : nil)
        }
    }

    /// A row selected with `columns` (or `summaryColumns` when `withTimelines` is false).
    static func decode(_ row: Row, withTimelines: Bool) throws -> StoredWorkout {
        let key = row.text(0)
        let typeName = row.text(1)
        guard let type = WorkoutActivityType.resolve(typeName) else {
            throw UnreadableWorkout(workoutKey: key, reason: "unknown activity type '\(typeName)'")
        }
        // Timelines sit at 14 and 15 in `columns`; the summary columns skip them.
        let tail: Int32 = withTimelines ? 16 : 14
        let workout = Workout(
            workoutKey: key, activityType: type, name: row.text(3), startTimeMs: row.int64(4), endTimeMs: row.int64(5),
            durationSeconds: row.double(7), activeEnergyKcal: row.optionalDouble(8), distanceKm: row.optionalDouble(9),
            avgHeartRateBpm: row.optionalDouble(10), maxHeartRateBpm: row.optionalDouble(11),
            heartRate: withTimelines ? try decodeHeartRate(row.optionalText(14), key: key) : [],
            route: withTimelines ? try decodeRoute(row.optionalText(15), key: key) : [],
            sourceName: row.optionalText(tail), sourceBundleId: row.optionalText(tail + 1), device: row.optionalText(tail + 2),
            timezone: row.text(tail + 3), metadata: row.optionalText(tail + 4))
        return StoredWorkout(workout: workout, day: DayKey(ordinal: Int(row.int64(6))),
                             heartRatePoints: Int(row.int64(12)), routePoints: Int(row.int64(13)))
    }
}
