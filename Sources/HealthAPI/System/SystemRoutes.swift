import HTTPTransport
import HealthDomain
import HealthFormats
import JSON

/// Liveness and the OpenAPI document: the public routes.
enum SystemRoutes {
    static func routes(documentProvider: @escaping @Sendable () -> [UInt8]) -> [Route] {
        let liveness = Operation.Response("The server is up.", schema: Schemas.ref("Liveness"))
        let wrongKey = Operation.Response("A credential was presented (`x-api-key` or a bearer token) and it is wrong; none at all is a 200.", schema: Schemas.ref("Error"))
        @Sendable func livenessHandler(_ context: RequestContext) -> HTTPResponse {
            let uptime = JSONValue.number(Double(context.services.uptimeSeconds))
            return .json(["status": "ok", "version": .string(context.services.version), "uptimeSeconds": uptime, "uptime": uptime,
                          "timestamp": .string(HealthDataQuery.seconds(context.services.clock.now()))])
        }
        return [
            Route(.get, "/health", public: true, verifiesPresentedCredentials: true,
                  operation: Operation(id: "getLiveness", summary: "Liveness probe",
                                       description: "Public. Answers `{\"status\":\"ok\"}` while the server runs; used by HealthSave and load balancers. A wrong `x-api-key` or bearer token, when one is sent, is a 401.",
                                       tags: ["system"], responses: [200: liveness, 401: wrongKey])) { livenessHandler($0) },
            Route(.get, "/api/health", public: true, verifiesPresentedCredentials: true,
                  operation: Operation(id: "getApiLiveness", summary: "Liveness probe (HealthSave path)",
                                       description: "Public. Same as `GET /health`, at the path the HealthSave app probes first (with its `x-api-key`: a wrong one is a 401).",
                                       tags: ["system"], responses: [200: liveness, 401: wrongKey])) { livenessHandler($0) },
            Route(.get, "/health/openapi.json", public: true,
                  operation: Operation(id: "getOpenAPIDocument", summary: "This API's OpenAPI 3.1 document",
                                       description: "Public. Generated from the route table that serves requests.",
                                       tags: ["system"],
                                       responses: [200: Operation.Response("The OpenAPI 3.1 document.", schema: ["type": "object"])])) { _ in
                var response = HTTPResponse(status: .ok, contentType: "application/json", body: documentProvider())
                response.headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
                return response
            },
        ]
    }
}
