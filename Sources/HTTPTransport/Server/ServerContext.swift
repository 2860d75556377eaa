/// What every connection of one server shares: configuration, handler, reactor, registry.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let limits: ParserLimits
    /// Limits for parsing a head: the body limit is the larger of the in-memory and the
    /// spooled one, since which applies is known only once the target is parsed.
    let headLimits: ParserLimits
    /// Limits for decoding a spooled chunked body.
    let spoolLimits: ParserLimits
    let handler: any HTTPHandler
    let reactor: Reactor
    let registry: ConnectionRegistry

    init(configuration: HTTPServerConfiguration, handler: any HTTPHandler, reactor: Reactor) {
        self.configuration = configuration
        self.limits = ParserLimits(configuration)
        var head = ParserLimits(configuration)
        var spool = ParserLimits(configuration)
        if let spooling = configuration.uploadSpooling {
            head.maxBodyBytes = max(configuration.maxBodyBytes, spooling.maxBytes)
            spool.maxBodyBytes = spooling.maxBytes
        }
        self.headLimits = head
        self.spoolLimits = spool
        self.handler = handler
        self.reactor = reactor
        self.registry = ConnectionRegistry(maxConnections: max(configuration.maxConnections, 1))
    }
}
