#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import HTTPTransport
import HealthAPI
import HealthDomain
import HealthService
import HealthStore

/// Starts the server for `healthd serve`: token, database, routes, transport, signals.
public enum HealthServerRunner {
    public static func serve(config: ServerConfig, environment: [String: String], homeAssistant: HomeAssistantOptions? = nil) async -> Int32 {
        if let warning = OpenFileLimit.raise(forConnections: config.maxConnections) {
            CommandLineTool.printError(warning)
        }
        let resolved: TokenProvider.Resolved
        do {
            resolved = try TokenProvider.resolve(environment: environment, tokenFile: config.tokenFile, databasePath: config.databasePath)
        } catch {
            CommandLineTool.printError("healthd serve: \(error)")
            return 1
        }
        let log = RequestLog()
        defer { log.close() }
        let serverDatabase: ServerDatabase
        let first: Person
        do {
            serverDatabase = try ServerDatabase.open(databasePath: config.databasePath, userID: config.userID, nowMs: AppClock.system.now())
            first = try serverDatabase.firstPerson()
        } catch {
            CommandLineTool.printError("healthd serve: cannot open the server database \(ServerDatabase.path(forDatabase: config.databasePath)): \(error)")
            return 1
        }
        let opened: StoreOpener.Opened
        do {
            opened = try StoreOpener.open(path: serverDatabase.path(of: first), priority: config.applying(first).priority, nowMs: AppClock.system.now())
        } catch {
            serverDatabase.close()
            CommandLineTool.printError("healthd serve: cannot open the database \(config.databasePath): \(error)")
            return 1
        }
        if opened.rebuiltForPriorityChange { log.message("the source priority, the metric table or the aggregate format changed; day aggregates were rebuilt from the raw samples") }
        // Import jobs live in memory: uploads a previous run left behind (cut off, or never
        // finished because the server stopped) can no longer be reached, so they go.
        let stale = ImportJobs.removeLeftovers(in: config.importDirectory)
        if stale > 0 { log.message("removed \(stale) upload\(stale == 1 ? "" : "s") a previous run left in \(config.importDirectory)") }
        let household: Household
        do {
            household = try Household(server: serverDatabase, config: config, clock: .system, firstStore: opened.store)
        } catch {
            opened.store.close()
            serverDatabase.close()
            CommandLineTool.printError("healthd serve: cannot read the people in \(serverDatabase.path): \(error)")
            return 1
        }
        defer { household.close() }
        let app = HealthApp(config: config, token: resolved.token, household: household, log: config.requestLog ? log : nil)
        // The user id is generated on first start (and kept), so `GET /info` and batches agree from the start.
        do {
            _ = try await app.services.user.id()
        } catch {
            CommandLineTool.printError("healthd serve: cannot read or store the user id in \(config.databasePath): \(error)")
            return 1
        }

        let companions: ServiceCompanions
        do {
            companions = try makeCompanions(store: opened.store, config: config.applying(first), homeAssistant: homeAssistant, log: log)
        } catch {
            CommandLineTool.printError("healthd serve: \(error)")
            return 1
        }

        var transport = config.transport
        let handler = app.handler
        transport.errorResponder = { status, reason, request in handler.transportErrorResponse(status: status, reason: reason, request: request) }
        let server = HTTPServer(configuration: transport, handler: handler)
        app.services.metrics?.countConnections { server.openConnectionCount }
        let port: Int
        do {
            port = try server.start()
        } catch {
            CommandLineTool.printError("healthd serve: cannot listen on \(config.host):\(config.port): \(error)")
            return 1
        }
        switch resolved.origin {
        case .generated(let path):
            CommandLineTool.printError("""
            healthd: generated a new bearer token in \(path) (mode 0600); it is not printed anywhere else.
            healthd: use it as:  curl -H "Authorization: Bearer $(cat \(path))" http://\(displayHost(config.host)):\(port)/health/capabilities
            """)
        case .existingGenerated(let path):
            log.message("using the bearer token in \(path)")
        case .file(let path):
            log.message("using the bearer token in \(path)")
        case .environment:
            log.message("using the bearer token from PRIVATE_API_BEARER_TOKEN")
        }
        CommandLineTool.writeLine("listening on http://\(displayHost(config.host)):\(port)", to: 1)
        companions.start()
        // People other than the first have their files closed after ten idle minutes.
        let sweep = Task { await household.runIdleSweep() }
        let signals = SignalWatcher(signals: [SIGTERM, SIGINT]) { signal in
            log.message("received signal \(signal); finishing in-flight requests")
            Task { await server.shutdown() }
        }
        await server.run()
        signals.cancel()
        sweep.cancel()
        await companions.stop()
        log.message("stopped")
        return 0
    }

    /// IPv6 literals need brackets in a URL (RFC 3986 §3.2.2).
    static func displayHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
