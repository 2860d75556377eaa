/// What the transport calls for each complete request. The transport answers framing
/// errors, limits and overload itself (through `HTTPServerConfiguration.errorResponder`);
/// everything that parsed cleanly reaches the handler.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) async -> HTTPResponse
}

/// A handler made from a closure.
public struct ClosureHandler: HTTPHandler {
    let body: @Sendable (HTTPRequest) async -> HTTPResponse
    public init(_ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) { self.body = body }
    public func handle(_ request: HTTPRequest) async -> HTTPResponse { await body(request) }
}
