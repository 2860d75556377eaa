/// What every connection of one server shares: configuration, handler, reactor, registry.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let limits: ParserLimits
    let handler: any HTTPHandler
    let reactor: Reactor
    let registry: ConnectionRegistry

    init(configuration: HTTPServerConfiguration, handler: any HTTPHandler, reactor: Reactor) {
        self.configuration = configuration
        self.limits = ParserLimits(configuration)
        self.handler = handler
        self.reactor = reactor
        self.registry = ConnectionRegistry(maxConnections: max(configuration.maxConnections, 1))
    }
}
