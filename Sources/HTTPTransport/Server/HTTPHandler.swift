/// What the transport calls for each complete request. The transport answers framing
/// errors, limits and overload itself (through `HTTPServerConfiguration.errorResponder`);
/// everything that parsed cleanly reaches the handler.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) async -> HTTPResponse
}
