/// What the transport calls for each complete request. The transport answers framing
/// errors, limits and overload itself (through `HTTPServerConfiguration.errorResponder`);
/// everything that parsed cleanly reaches the handler.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) async -> HTTPResponse

    /// Called with the head alone (an empty body) before a spooled upload is read: a
    /// response refuses the request, and is sent without reading the body (the
    /// connection then closes, RFC 9112 §9.6), so nobody fills the disk unauthorised.
    /// nil lets the upload in.
    func admit(_ head: HTTPRequest) async -> HTTPResponse?
}

extension HTTPHandler {
    /// Lets every request whose body is spooled through (see ``UploadSpooling``).
    public func admit(_ head: HTTPRequest) async -> HTTPResponse? { nil }
}
