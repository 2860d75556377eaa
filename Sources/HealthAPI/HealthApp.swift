import HTTPTransport
import HealthDomain
import JSON

/// The assembled application: services, the route table and the request handler. Tests
/// drive `handler` in-process; `HealthServerRunner` puts it behind the real transport.
public final class HealthApp: Sendable {
    public let services: AppServices
    public let router: Router
    public let handler: APIHandler
    /// The generated OpenAPI document, serialized once.
    public let openAPIDocument: [UInt8]

    public init(config: ServerConfig, token: String, store: SampleStore, clock: AppClock = .system, log: RequestLog? = nil) {
        let services = AppServices(config: config, store: store, clock: clock)
        let document = HealthApp.generatedOpenAPIDocument(version: services.version)
        let routes = HealthApp.routes(documentProvider: { document })
        self.services = services
        self.router = Router(routes: routes)
        self.handler = APIHandler(router: router, services: services, token: token, log: log)
        self.openAPIDocument = document
    }

    /// The document `GET /health/openapi.json` serves, as bytes: pretty, sorted keys,
    /// deterministic (`healthd openapi` prints it; `openapi/openapi.json` is a copy).
    public static func generatedOpenAPIDocument(version: String = HealthAPIVersion.current) -> [UInt8] {
        let routes = HealthApp.routes(documentProvider: { [] })
        return JSONWriter.serialize(OpenAPIDocument.generate(routes: routes, version: version), sortedKeys: true, pretty: true)
    }

    /// Every route the server serves, in documentation order.
    static func routes(documentProvider: @escaping @Sendable () -> [UInt8]) -> [Route] {
        SystemRoutes.routes(documentProvider: documentProvider)
            + CapabilitiesRoutes.routes()
            + TypesRoutes.routes()
            + IngestRoutes.routes()
            + ReadRoutes.routes()
            + WriteIntentRoutes.routes()
            + SummaryRoutes.routes()
            + WorkoutRoutes.routes()
            + HealthSaveRoutes.routes()
            + HealthSaveSyncRoutes.routes()
            + HealthAutoExportRoutes.routes()
            + ReadAPIRoutes.routes()
            + ObservationRoutes.routes()
    }
}
