import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// The on-phone read API, as its clients expect it: `GET /health-data` (stored samples as
/// JSON or streamed CSV), `GET /types`, `GET /info` and `GET /ping`. Scripts written for
/// that server work here by changing the base URL and credentials. Every route counts
/// against the per-address budget of `--read-rate-limit` requests a minute.
enum ReadAPIRoutes {
    static let rateLimitHeaders: [String: String] = [
        "X-RateLimit-Limit": "Requests a minute this address may make to the read API (`--read-rate-limit`).",
        "X-RateLimit-Remaining": "Requests left in the current window.",
        "X-RateLimit-Reset": "When the window ends, Unix seconds.",
    ]

    /// A response of these routes: it carries the rate-limit headers.
    static func response(_ description: String, schema: JSONValue?, extra: [String: String] = [:],
                         alternatives: [String: JSONValue] = [:]) -> Operation.Response {
        Operation.Response(description, schema: schema, headers: rateLimitHeaders.merging(extra) { a, _ in a }, alternatives: alternatives)
    }

    /// The statuses every read API route documents.
    static func common(_ ok: Operation.Response) -> [Int: Operation.Response] {
        [
            200: ok,
            400: response("Invalid parameters: `INVALID_PARAMETERS` (a missing or malformed parameter), `INVALID_DATE_RANGE` (start after end) or `INVALID_TYPE` (a type `GET /types` does not list); `details.field` names it.", schema: Schemas.ref("Error")),
            401: response("Missing or wrong bearer token (`UNAUTHORIZED`).", schema: Schemas.ref("Error"), extra: ["WWW-Authenticate": "Bearer challenge (RFC 6750), `Bearer realm=\"healthd\"`."]),
            429: response("More requests from this address than the read API allows a minute (`RATE_LIMITED`), or too many failed authentications.", schema: Schemas.ref("Error"), extra: ["Retry-After": "Whole seconds until the window ends."]),
        ]
    }

    static func routes() -> [Route] {
        [
            Route(.get, "/health-data", scope: .read, rateLimited: true,
                  operation: Operation(
                    id: "getHealthData", summary: "Stored samples of some types in a time range, as JSON or CSV",
                    description: """
                    The on-phone read API's fetch. Records are the stored raw samples (not day totals), oldest first per type, times in UTC. \
                    `start` and `end` take a date `YYYY-MM-DD` (local midnight in the server's zone: `--timezone`, else the zone of the most recent sample, else UTC; \
                    as `end`, through the end of that local day) or an ISO 8601 time (that instant, included); `end` defaults to now. \
                    `metadata.date_range` gives the bounds used, its end the last second included. `limit` is per type. \
                    `format=csv` (or `Accept: text/csv` without `format`) answers CSV (RFC 4180) with the header `type,value,unit,start_date,end_date,source,device`; \
                    both formats are streamed (chunked), so exports of millions of records keep the server's memory flat. \
                    The seed's types keep their units (`distance` and `height` in m, `blood_oxygen` in % 0–100); catalog names answer in their canonical unit. \
                    A category sample's `value` is its category (a sleep stage).
                    """,
                    tags: ["read-api"],
                    parameters: [
                        .init("types", in: .query, required: true,
                              description: "Comma-separated type ids (`GET /types` lists them with their units), e.g. `steps,heart_rate`: the seed's ids then every canonical metric name of the built-in table (a catalog alias such as a HealthKit identifier names its metric too; metrics a configured catalog adds are listed by `GET /types`). At most \(HealthDataQuery.maxTypes) distinct types; a repeated id counts once.",
                              schema: ["type": "array", "minItems": 1, "items": ["type": "string", "enum": .array(ReadTypeTable(catalog: .standard).types.map { .string($0.id) }), "description": "One type id."],
                                       "examples": [["steps", "heart_rate"]]],
                              style: "form", explode: false),
                        .init("start", in: .query, required: true, description: "Start: a date `YYYY-MM-DD` (local midnight) or an ISO 8601 time.",
                              schema: ["type": "string", "examples": ["2026-01-01", "2026-01-01T00:00:00Z"]]),
                        .init("end", in: .query, description: "End, included: a date (through that local day) or an ISO 8601 time; now when absent.",
                              schema: ["type": "string", "examples": ["2026-01-07"]]),
                        .init("limit", in: .query, description: "Most records per type (default 1,000).",
                              schema: ["type": "integer", "minimum": 1, "maximum": .number(Double(HealthDataQuery.maxLimit)), "default": 1000]),
                        .init("format", in: .query, description: "`json` (default) or `csv`.", schema: ["type": "string", "enum": ["json", "csv"], "default": "json"]),
                    ],
                    responses: common(response("The records (JSON, or CSV when asked for).", schema: Schemas.ref("HealthData"), alternatives: ["text/csv; charset=utf-8": ["type": "string", "description": "CSV records under the header `type,value,unit,start_date,end_date,source,device`."]])))) { context in
                try await healthData(context)
            },
            Route(.get, "/types", scope: .read, rateLimited: true,
                  operation: Operation(
                    id: "getReadTypes", summary: "Every type the read API serves, with its unit and whether data is stored",
                    description: "The seed's type ids (`steps`, `heart_rate`, `blood_oxygen`, …, in the seed's units) then every canonical catalog name (canonical unit). `permission` is `authorized` for a type with stored samples, `not_determined` otherwise.",
                    tags: ["read-api"],
                    responses: common(response("The types.", schema: Schemas.ref("ReadTypes"))))) { context in
                try context.query.rejectUnknown(allowed: [])
                let stored = try await context.services.store.read { reader in try reader.storedMetrics() }
                return .json(types(context.services.readTypes, stored: stored))
            },
            Route(.get, "/info", scope: .read, rateLimited: true,
                  operation: Operation(
                    id: "getServerInfo", summary: "Server version, the user id and what is stored",
                    description: "The server's version and protocol, the user id observation batches must name (`xuser_id`), and how many samples of how many types are stored.",
                    tags: ["read-api"],
                    responses: common(response("Server information.", schema: Schemas.ref("ServerInfo"))))) { context in
                try context.query.rejectUnknown(allowed: [])
                let services = context.services
                let stored = try await services.store.read { reader in try reader.storedMetrics() }
                return .json(info(services: services, userID: try await services.user.id(), stored: stored))
            },
            Route(.get, "/ping", scope: .read, rateLimited: true,
                  operation: Operation(
                    id: "ping", summary: "Connectivity test", description: "Answers `{\"pong\": true, \"timestamp\": …}`.",
                    tags: ["read-api"],
                    responses: common(response("Pong.", schema: Schemas.ref("Pong"))))) { context in
                try context.query.rejectUnknown(allowed: [])
                return .json(["pong": true, "timestamp": .string(HealthDataQuery.seconds(context.services.clock.now()))])
            },
        ]
    }

    static func healthData(_ context: RequestContext) async throws -> HTTPResponse {
        let started = AppClock.monotonicNanoseconds()
        let services = context.services
        let query = try await HealthDataQuery.parse(context.request, query: context.query, table: services.readTypes, nowMs: services.clock.now()) {
            let serverDefault = services.config.defaultTimezone
            return try await services.store.read { reader in
                try SummaryZone.resolve(requested: nil, serverDefault: serverDefault, reader: reader).name
            }
        }
        let export = HealthDataExport(query: query, store: services.store, startedNanoseconds: started)
        return HTTPResponse(status: .ok, contentType: export.contentType, stream: export.stream)
    }

    static func types(_ table: ReadTypeTable, stored: [String: TypesRoutes.Stored]) -> JSONValue {
        ["types": .array(table.types.map { type in
            [
                "id": .string(type.id),
                "name": .string(type.name),
                "healthkit_type": type.healthKitIdentifier.map(JSONValue.string) ?? .null,
                "unit": .string(type.unit),
                "permission": (stored[type.metric.rawValue]?.count ?? 0) > 0 ? "authorized" : "not_determined",
            ]
        })]
    }

    static func info(services: AppServices, userID: String, stored: [String: TypesRoutes.Stored]) -> JSONValue {
        let table = services.readTypes
        let authorized = table.types.filter { (stored[$0.metric.rawValue]?.count ?? 0) > 0 }.count
        let samples = stored.values.reduce(Int64(0)) { $0 + $1.count }
        let first = stored.values.map(\.firstMs).min()
        let last = stored.values.map(\.lastMs).max()
        return [
            "server": ["name": "healthd", "version": .string(services.version), "protocol_version": "1",
                       "uptime": .number(Double(services.uptimeSeconds))],
            "user": ["id": .string(userID)],
            "healthkit": ["available": true, "authorized_types": .number(Double(authorized)), "total_types": .number(Double(table.types.count))],
            "storage": [
                "samples": .number(Double(samples)),
                "metrics": .number(Double(stored.count)),
                "first_sample": first.map { .string(HealthSaveDate.format($0)) } ?? .null,
                "last_sample": last.map { .string(HealthSaveDate.format($0)) } ?? .null,
            ],
        ]
    }
}
