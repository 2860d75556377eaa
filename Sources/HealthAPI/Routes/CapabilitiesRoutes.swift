import HTTPTransport
import HealthDomain

/// `GET /health/capabilities`: what an agent needs to know to use this API.
enum CapabilitiesRoutes {
    static func routes() -> [Route] {
        [
            Route(.get, "/health/capabilities",
                  operation: Operation(id: "getCapabilities", summary: "Discovery metadata for agents",
                                       description: "Server version, limits and the rules used to derive day numbers (day boundary, sleep nights, source de-duplication).",
                                       tags: ["discovery"],
                                       responses: [200: Operation.Response("Capabilities.", schema: Schemas.ref("Capabilities"))])) { context in
                try context.query.rejectUnknown(allowed: [])
                return .json(capabilities(context.services))
            },
        ]
    }

    static func capabilities(_ services: AppServices) -> JSONValue {
        [
            "server": ["name": "healthd", "version": .string(services.version)],
            "auth": ["scheme": "bearer", "header": "Authorization: Bearer <token>", "publicRoutes": ["/health", "/api/health", "/health/openapi.json"]],
            "limits": [
                "maxBodyBytes": .number(Double(services.config.maxBodyBytes)),
            ],
            "rules": [
                "dayBoundary": "A sample's day is the local date in the sample's own IANA timezone; DST days are 23 or 25 hours long.",
                "sleepNight": "A sleep segment ending before 18:00 local time belongs to that date, one ending at or after 18:00 to the next date: a night belongs to the day you wake up.",
            ],
        ]
    }
}
