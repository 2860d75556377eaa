import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// The assembled application: the household, the route table and the request handler.
/// Tests drive `handler` in-process; `HealthServerRunner` puts it behind the real transport.
public final class HealthApp: Sendable {
    /// The people and their services.
    public let household: Household
    public let router: Router
    public let handler: APIHandler
    /// The generated OpenAPI document, serialized once.
    public let openAPIDocument: [UInt8]
    /// The MCP protocol handler `POST /mcp` uses; `healthd mcp` drives it over stdio.
    let mcp: MCPServer

    public init(config: ServerConfig, token: String, household: Household, log: RequestLog? = nil) {
        let version = household.first.version
        let document = HealthApp.generatedOpenAPIDocument(version: version)
        let api = HealthApp.apiRoutes(documentProvider: { document }, config: config)
        let mcp = MCPServer(routes: api, version: version)
        let routes = api + MCPRoutes.routes(server: mcp)
        self.mcp = mcp
        self.household = household
        self.router = Router(routes: routes)
        self.handler = APIHandler(router: router, household: household, token: token, log: log)
        self.openAPIDocument = document
    }

    /// An app over `store`, which becomes (or already is) the first person of the server
    /// database beside `config.databasePath`.
    public convenience init(config: ServerConfig, token: String, store: SampleStore, clock: AppClock = .system, log: RequestLog? = nil) throws {
        let server = try ServerDatabase.open(databasePath: config.databasePath, userID: config.userID, nowMs: clock.now())
        let household: Household
        do {
            household = try Household(server: server, config: config, clock: clock, firstStore: store)
        } catch {
            server.close()
            throw error
        }
        self.init(config: config, token: token, household: household, log: log)
    }

    /// The first person's services (what a single-person server has).
    public var services: AppServices { household.first }

    /// The document `GET /health/openapi.json` serves, as bytes: pretty, sorted keys,
    /// deterministic (`healthd openapi` prints it; `openapi/openapi.json` is a copy).
    public static func generatedOpenAPIDocument(version: String = HealthAPIVersion.current) -> [UInt8] {
        let routes = HealthApp.routes(documentProvider: { [] })
        return JSONWriter.serialize(OpenAPIDocument.generate(routes: routes, version: version), sortedKeys: true, pretty: true)
    }

    /// Answers one MCP message from the stdio transport (`healthd mcp`): the response's
    /// bytes, or nil for a notification. Runs the same tools as `POST /mcp`, with `grant`
    /// standing in for the token a request would carry, with `services` (nil: the first person's).
    public func mcpMessage(_ bytes: [UInt8], grant: TokenGrant, requestID: String, services: AppServices? = nil) async -> [UInt8]? {
        await mcp.handle(bytes, routing: nil, services: services ?? self.services, grant: grant, requestID: requestID).body
    }

    /// Every route the server serves, in documentation order.
    static func routes(documentProvider: @escaping @Sendable () -> [UInt8]) -> [Route] {
        let api = apiRoutes(documentProvider: documentProvider)
        return api + MCPRoutes.routes(server: MCPServer(routes: api, version: HealthAPIVersion.current))
    }

    /// The HTTP API's routes; the MCP tools wrap some of them. `config` decides whether
    /// `/metrics` needs a token (the document shows the default).
    static func apiRoutes(documentProvider: @escaping @Sendable () -> [UInt8], config: ServerConfig = ServerConfig()) -> [Route] {
        SystemRoutes.routes(documentProvider: documentProvider)
            + MonitoringRoutes.routes(config: config)
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
            + ImportRoutes.routes()
            + ReadAPIRoutes.routes()
            + ObservationRoutes.routes()
            + SyncRoutes.routes()
            + PeopleRoutes.routes()
            + ChangesRoutes.routes()
            + DashboardRoutes.routes()
    }
}
