import HTTPTransport
import HealthService
import JSON

/// `GET /metrics` for a Prometheus scraper and `GET /ready` for a load balancer or an
/// orchestrator; `GET /health` stays the liveness probe.
enum MonitoringRoutes {
    static func routes(config: ServerConfig) -> [Route] {
        let metrics = Operation(
            id: "getMetrics", summary: "Server metrics in the Prometheus text format",
            description: """
            The Prometheus text exposition format 0.0.4: HTTP requests by route template, method and status class; request \
            durations by route template; samples received, inserted, updated, unchanged and rejected by client adapter; rejected \
            samples by rule; write intents by status; seconds since the last sample per client and source (at most 64 sources, \
            the rest as `source="other"` with the largest age); import jobs by state; database and log size; open connections; \
            `process_*`. Counts, times and sizes only: no series carries a health value. Needs the `metrics` scope (or `admin`); \
            `--public-metrics` opens it on a private address. 404 when the server runs with `--no-metrics`.
            """,
            tags: ["system"],
            responses: [
                200: Operation.Response("The exposition.", schema: ["type": "string"], contentType: ServerMetrics.contentType),
                404: Operation.Response("The server runs with `--no-metrics`.", schema: Schemas.ref("Error")),
            ])
        @Sendable func serveMetrics(_ context: RequestContext) async throws -> HTTPResponse {
            try context.query.rejectUnknown(allowed: [])
            guard let metrics = context.services.metrics else {
                throw APIError.notFound("metrics are off on this server (started with --no-metrics)")
            }
            return HTTPResponse(status: .ok, contentType: ServerMetrics.contentType, body: Array(await metrics.exposition().utf8))
        }
        let check: JSONValue = ["type": "string", "description": "`ok`, or what is wrong."]
        let ready = Operation(
            id: "getReadiness", summary: "Readiness probe",
            description: """
            Public, no data. 200 when the database answers a read within 2 s and the writer is not stuck (no write job running \
            longer than 30 s); else 503 with the reason in `message` and each check in `details`. `GET /health` is liveness.
            """,
            tags: ["system"],
            responses: [
                200: Operation.Response("Ready.", schema: ["type": "object", "required": ["status", "checks"], "additionalProperties": false,
                                                           "properties": ["status": ["const": "ready", "description": "Always `ready` with 200."],
                                                                          "checks": ["type": "object", "required": ["database", "writer"],
                                                                                     "description": "Each check's result.",
                                                                                     "properties": ["database": check, "writer": check]]]]),
                503: Operation.Response("Not ready (`SERVICE_UNAVAILABLE`); `details.database` and `details.writer` say which check failed.",
                                        schema: Schemas.ref("Error"), headers: ["Retry-After": "Seconds to wait before probing again."]),
            ])
        @Sendable func serveReady(_ context: RequestContext) async throws -> HTTPResponse {
            try context.query.rejectUnknown(allowed: [])
            let probe = ReadinessProbe(writerStallSeconds: context.services.config.readyWriterStallSeconds)
            let report = await probe.check(context.services.store)
            let checks: [String: JSONValue] = ["database": .string(report.database ?? "ok"), "writer": .string(report.writer ?? "ok")]
            guard report.isReady else {
                var error = APIError.serviceUnavailable("not ready: " + [report.database, report.writer].compactMap { $0 }.joined(separator: "; "))
                error.details = checks
                throw error
            }
            return .json(["status": "ready", "checks": .object(checks)])
        }
        let metricsRoute = config.metricsPublic
            ? Route(.get, "/metrics", public: true, operation: metrics, handler: serveMetrics)
            : Route(.get, "/metrics", scope: .metrics, operation: metrics, handler: serveMetrics)
        return [metricsRoute, Route(.get, "/ready", public: true, operation: ready, handler: serveReady)]
    }
}
