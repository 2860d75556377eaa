import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// `GET /health/workouts` (a keyset-paginated listing), `GET /health/workouts/{id}` (one
/// workout with its heart-rate timeline and route), its route as GeoJSON, and
/// `GET /health/activity-summaries` (the rings by day). Workouts arrive through
/// `POST /health/ingest` (`workouts[]`).
enum WorkoutRoutes {
    static let error = Schemas.ref("Error")
    static let dateSchema = IntentSpec.schema(for: .date, description: "Local date.")
    static let idParameter = Operation.Parameter("id", in: .path, required: true,
                                                 description: "The workout's `workoutKey` (the client's id, or the derived `w1-…` key the listing shows).",
                                                 schema: ["type": "string", "minLength": 1, "maxLength": 256])

    static func routes() -> [Route] {
        [
            Route(.get, "/health/workouts", scope: .read,
                  operation: Operation(
                    id: "listWorkouts", summary: "Workouts, newest first",
                    description: """
                    Workouts whose local day (the date of their start in their own timezone) lies in `from`…`to` (both optional, inclusive), \
                    of `type` when given, newest first by start time (ties by workoutKey, descending). Items carry every field but the \
                    heart-rate timeline and route (their sizes instead); GET /health/workouts/{id} has them. Walk pages with `cursor` = \
                    `nextCursor` until it is null; every matching workout appears exactly once.
                    """,
                    tags: ["workouts"],
                    parameters: [
                        .init("from", in: .query, description: "First local date, YYYY-MM-DD (inclusive). Default: no bound.", schema: dateSchema),
                        .init("to", in: .query, description: "Last local date, YYYY-MM-DD (inclusive). Default: no bound.", schema: dateSchema),
                        .init("type", in: .query, description: "Only this activity type: a HealthKit name such as `running`, a readable name such as `Outdoor Run`, or its number such as 37.", schema: ["type": "string", "minLength": 1, "maxLength": 64]),
                        .init("limit", in: .query, description: "Page size, 1–500 (default 50).", schema: ["type": "integer", "minimum": 1, "maximum": .number(Double(Limits.workoutPageMax)), "default": .number(Double(Limits.workoutPageDefault))]),
                        .init("cursor", in: .query, description: "The `nextCursor` of the previous page, unchanged, with the same filters.", schema: CursorText.schema),
                    ],
                    responses: [
                        200: Operation.Response("A page of workouts.", schema: Schemas.ref("WorkoutPage")),
                        400: Operation.Response("A malformed date, limit or cursor, or an unknown query parameter.", schema: error),
                        422: Operation.Response("`from` is after `to` (INVALID_DATE_RANGE), `type` is not a HealthKit workout activity type, or `cursor` is not one this listing (same filters) returned.", schema: error),
                    ])) { context in
                try await list(context)
            },
            Route(.get, "/health/workouts/{id}", scope: .read,
                  operation: Operation(
                    id: "getWorkout", summary: "One workout with its heart-rate timeline and route",
                    description: "The stored workout: type, times, duration, energy (kcal), distance (km), heart rates, the heart-rate timeline and the GPS route, source, device, timezone and metadata.",
                    tags: ["workouts"], parameters: [idParameter],
                    responses: [
                        200: Operation.Response("The workout.", schema: Schemas.ref("WorkoutDetail")),
                        400: Operation.Response("The id is malformed, or a query parameter was given.", schema: error),
                        404: Operation.Response("No workout has this key.", schema: error),
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let stored = try await workout(context)
                return .json(try stored.detailJSON())
            },
            Route(.get, "/health/workouts/{id}/route.geojson", scope: .read,
                  operation: Operation(
                    id: "getWorkoutRouteGeoJSON", summary: "A workout's route as GeoJSON",
                    description: "The route as a GeoJSON FeatureCollection (RFC 7946, `application/geo+json`) with one Feature: a LineString of [longitude, latitude] positions — [longitude, latitude, altitude m] when every point has an altitude; a Point for a single location — whose properties hold the workout key, type, name, times and each position's time (`timesMs`, `coordTimes`).",
                    tags: ["workouts"], parameters: [idParameter],
                    responses: [
                        200: Operation.Response("The route.", schema: Schemas.ref("WorkoutRouteGeoJSON"), contentType: "application/geo+json"),
                        400: Operation.Response("The id is malformed, or a query parameter was given.", schema: error),
                        404: Operation.Response("No workout has this key, or the workout has no route (`details.reason`: `no_route`).", schema: error),
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let stored = try await workout(context)
                guard let geoJSON = stored.routeGeoJSON() else {
                    throw APIError.notFound("workout '\(stored.workout.workoutKey.prefix(256))' has no route", details: ["reason": "no_route"])
                }
                return HTTPResponse(status: .ok, contentType: "application/geo+json", body: JSONWriter.serialize(geoJSON, sortedKeys: true))
            },
            Route(.get, "/health/activity-summaries", scope: .read,
                  operation: Operation(
                    id: "listActivitySummaries", summary: "Activity rings by day",
                    description: "The Move (kcal), Exercise (min) and Stand (h) values and goals of each local day from `from` to `to` (inclusive, at most 366 days) that has them, ascending. Days without rings are absent, never zeros.",
                    tags: ["workouts"],
                    parameters: [
                        .init("from", in: .query, required: true, description: "First local date, YYYY-MM-DD.", schema: dateSchema),
                        .init("to", in: .query, required: true, description: "Last local date (inclusive), YYYY-MM-DD; at most 365 days after from.", schema: dateSchema),
                    ],
                    responses: [
                        200: Operation.Response("The days with rings.", schema: Schemas.ref("ActivitySummaryList")),
                        400: Operation.Response("A missing or malformed date, or an unknown query parameter.", schema: error),
                        422: Operation.Response("`from` is after `to`, or the range spans more than 366 days (INVALID_DATE_RANGE).", schema: error),
                    ])) { context in
                try await activitySummaries(context)
            },
        ]
    }

    /// The stored workout named by the path, or a 404.
    static func workout(_ context: RequestContext) async throws -> StoredWorkout {
        let id = context.pathParameters["id"] ?? ""
        guard (1...256).contains(id.count) else {
            throw APIError.invalidParameter("id", "the workout id must be 1–256 characters", rule: "length")
        }
        guard let stored = try await context.services.store.read({ reader in try reader.workout(key: id) }) else {
            throw APIError.notFound("no workout has the key '\(id.prefix(256))'")
        }
        return stored
    }

    /// `type` as a table entry, or a 400 naming the accepted spellings.
    static func activityType(_ text: String?) throws -> WorkoutActivityType? {
        guard let text else { return nil }
        guard let type = WorkoutActivityType.resolve(text) else {
            // Any string fits the schema; which names exist is a rule it cannot state: 422.
            throw APIError.unprocessable("type", "'type' '\(text.prefix(64))' is not a HealthKit workout activity type; use a name such as running, walking, cycling, swimming, yoga, or its number", rule: "enum")
        }
        return type
    }

    static func list(_ context: RequestContext) async throws -> HTTPResponse {
        let query = context.query
        try query.rejectUnknown(allowed: ["from", "to", "type", "limit", "cursor"])
        let from = try query.string("from").map { _ in try ReadRoutes.parseDay(query, "from") }
        let to = try query.string("to").map { _ in try ReadRoutes.parseDay(query, "to") }
        if let from, let to, from > to {
            throw APIError(status: .unprocessableContent, code: .invalidDateRange, message: "'from' (\(from)) must not be after 'to' (\(to))", details: ["field": "from", "rule": "order"])
        }
        let type = try activityType(try query.string("type"))
        let limit = Int(try query.int("limit", in: 1...Limits.workoutPageMax) ?? Limits.workoutPageDefault)
        let scope = "\(from?.description ?? "")|\(to?.description ?? "")|\(type?.name ?? "")"
        var after: (startMs: Int64, key: String)?
        if let text = try query.string("cursor") {
            try CursorText.requireWellFormed(text)
            guard let cursor = WorkoutCursor(encoded: text), cursor.scope == scope else {
                throw APIError.unprocessable("cursor", "'cursor' is not a cursor this listing returned; pass nextCursor back unchanged with the same filters", rule: "cursor")
            }
            after = (cursor.startMs, cursor.key)
        }
        let start = after
        let page = try await context.services.store.read { reader in
            try reader.workoutPage(from: from, to: to, type: type, after: start, limit: limit)
        }
        let next: JSONValue = page.next.map { .string(WorkoutCursor(scope: scope, startMs: $0.startMs, key: $0.key).encoded) } ?? .null
        return .json(["workouts": .array(try page.items.map { .object(try $0.summaryJSON()) }), "nextCursor": next])
    }

    static func activitySummaries(_ context: RequestContext) async throws -> HTTPResponse {
        let query = context.query
        try query.rejectUnknown(allowed: ["from", "to"])
        let from = try ReadRoutes.parseDay(query, "from")
        let to = try ReadRoutes.parseDay(query, "to")
        guard from <= to else {
            throw APIError(status: .unprocessableContent, code: .invalidDateRange, message: "'from' (\(from)) must not be after 'to' (\(to))", details: ["field": "from", "rule": "order"])
        }
        guard to.ordinal - from.ordinal + 1 <= Limits.workoutRangeDays else {
            throw APIError(status: .unprocessableContent, code: .invalidDateRange, message: "the range may span at most \(Limits.workoutRangeDays) days (got \(to.ordinal - from.ordinal + 1))",
                           details: ["field": "to", "rule": "maxRange", "maximum": .number(Double(Limits.workoutRangeDays))])
        }
        let days = try await context.services.store.read { reader in try reader.activitySummaries(from: from, to: to) }
        return .json(["from": .string(from.description), "to": .string(to.description), "days": .array(days.map(\.json))])
    }
}
