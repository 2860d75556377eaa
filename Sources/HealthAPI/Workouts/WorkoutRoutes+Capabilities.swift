import HealthDomain
import JSON

extension WorkoutRoutes {
    /// `workouts` of GET /health/capabilities: the routes, units, limits and every
    /// activity type a workout may name, with its number and readable name.
    static var capabilities: JSONValue {
        [
            "ingest": "POST /health/ingest with `workouts` and `activitySummaries` (see WorkoutInput and ActivitySummaryInput in the OpenAPI document)",
            "routes": ["GET /health/workouts?from=YYYY-MM-DD&to=YYYY-MM-DD&type=running", "GET /health/workouts/{id}",
                       "GET /health/workouts/{id}/route.geojson", "GET /health/activity-summaries?from=YYYY-MM-DD&to=YYYY-MM-DD"],
            "energyUnits": .array(WorkoutRules.energyUnits.names.map { .string($0) }),
            "distanceUnits": .array(WorkoutRules.distanceUnits.names.map { .string($0) }),
            "maxDurationHours": JSONValue(Int(WorkoutRules.maxSpanMs / 3_600_000)),
            "maxHeartRatePoints": JSONValue(WorkoutRules.maxHeartRatePoints),
            "maxRoutePoints": JSONValue(WorkoutRules.maxRoutePoints),
            "activityTypes": .array(WorkoutActivityType.all.map { type in
                ["name": .string(type.name), "number": JSONValue(type.number), "displayName": .string(type.displayName),
                 "aliases": .array(type.aliases.map { .string($0) })]
            }),
        ]
    }
}
