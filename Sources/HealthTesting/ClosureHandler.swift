import HTTPTransport

/// A handler made from a closure.
public struct ClosureHandler: HTTPHandler {
    let body: @Sendable (HTTPRequest) async -> HTTPResponse
    public init(_ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) { self.body = body }
    public func handle(_ request: HTTPRequest) async -> HTTPResponse { await body(request) }
}
