import HealthDomain
import JSON
import HealthStore

extension StoredWorkout {
    /// The listing shape: every field but the timelines (their sizes instead). Absent
    /// values are null, never 0.
    func summaryJSON() throws -> [String: JSONValue] {
        let w = workout
        return [
            "workoutKey": .string(w.workoutKey),
            "activityType": .string(w.activityType.name),
            "activityTypeNumber": JSONValue(w.activityType.number),
            "name": .string(w.name),
            "day": .string(day.description),
            "startTimeMs": JSONValue(w.startTimeMs),
            "endTimeMs": JSONValue(w.endTimeMs),
            "start": .string(SummaryText.isoLocal(atMs: w.startTimeMs, zone: w.timezone)),
            "end": .string(SummaryText.isoLocal(atMs: w.endTimeMs, zone: w.timezone)),
            "durationSeconds": .number(w.durationSeconds),
            "activeEnergyKcal": JSONValue(w.activeEnergyKcal),
            "distanceKm": JSONValue(w.distanceKm),
            "avgHeartRateBpm": JSONValue(w.avgHeartRateBpm),
            "maxHeartRateBpm": JSONValue(w.maxHeartRateBpm),
            "heartRatePoints": JSONValue(heartRatePoints),
            "routePoints": JSONValue(routePoints),
            "sourceName": JSONValue(w.sourceName),
            "sourceBundleId": JSONValue(w.sourceBundleId),
            "device": JSONValue(w.device),
            "timezone": .string(w.timezone),
            "metadata": try metadataJSON(),
        ]
    }

    /// The detail shape: the listing shape plus the heart-rate timeline and the route.
    func detailJSON() throws -> JSONValue {
        var members = try summaryJSON()
        members["heartRate"] = .array(workout.heartRate.map { ["timeMs": JSONValue($0.timeMs), "bpm": .number($0.bpm)] })
        members["route"] = .array(workout.route.map { point in
            ["timeMs": JSONValue(point.timeMs), "latitude": .number(point.latitude), "longitude": .number(point.longitude),
             "altitude": JSONValue(point.altitudeM)]
        })
        return .object(members)
    }

    /// The stored metadata object; text that no longer parses is a damaged row, not null.
    func metadataJSON() throws -> JSONValue {
        guard let text = workout.metadata else { return .null }
        do { return try JSONParser.parse(text) } catch {
            throw UnreadableWorkout(workoutKey: workout.workoutKey, reason: "metadata is not JSON (\(error.message))")
        }
    }

    /// The route as a GeoJSON FeatureCollection (RFC 7946) with one Feature: a
    /// LineString of [lon, lat] positions — [lon, lat, alt] when every point has an
    /// altitude — or a Point when the route has a single location. Its properties carry
    /// the workout's identity and each position's time. Nil when there is no route.
    func routeGeoJSON() -> JSONValue? {
        let route = workout.route
        guard !route.isEmpty else { return nil }
        let withAltitude = route.allSatisfy { $0.altitudeM != nil }
        let positions: [JSONValue] = route.map { point in
            var position: [JSONValue] = [.number(point.longitude), .number(point.latitude)]
            if withAltitude, let altitude = point.altitudeM { position.append(.number(altitude)) }
            return .array(position)
        }
        let geometry: JSONValue = positions.count == 1
            ? ["type": "Point", "coordinates": positions[0]]
            : ["type": "LineString", "coordinates": .array(positions)]
        let w = workout
        let properties: JSONValue = [
            "workoutKey": .string(w.workoutKey),
            "activityType": .string(w.activityType.name),
            "name": .string(w.name),
            "startTimeMs": JSONValue(w.startTimeMs),
            "endTimeMs": JSONValue(w.endTimeMs),
            "timezone": .string(w.timezone),
            "timesMs": .array(route.map { JSONValue($0.timeMs) }),
            "coordTimes": .array(route.map { .string(SummaryText.isoLocal(atMs: $0.timeMs, zone: w.timezone)) }),
        ]
        return [
            "type": "FeatureCollection",
            "features": [["type": "Feature", "geometry": geometry, "properties": properties]],
        ]
    }
}
