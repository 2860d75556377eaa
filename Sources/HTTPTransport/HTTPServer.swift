// SKELETON: replaced by the real implementation.
/// An HTTP/1.1 server on POSIX sockets.
public final class HTTPServer: Sendable {
    public init(configuration: HTTPServerConfiguration, handler: some HTTPHandler) {}
    /// Binds and listens; returns the bound port (useful with port 0).
    public func start() throws -> Int { fatalError("skeleton") }
    /// Accepts and serves connections until `shutdown()` has finished.
    public func run() async {}
    /// Stops accepting, lets in-flight requests finish within the shutdown deadline, closes everything.
    public func shutdown() async {}
}
