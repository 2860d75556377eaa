/// A parsed and validated request head, before the body is read.
struct RequestHead: Sendable {
    /// How the body of a request is delimited (RFC 9112 §6.3).
    enum Framing: Equatable, Sendable {
        /// No body: neither Content-Length nor Transfer-Encoding (rule 6).
        case none
        /// Exactly this many bytes follow the head (rule 5).
        case length(Int)
        /// Chunked transfer coding (rule 4).
        case chunked
    }

    var method: HTTPMethod
    var target: String
    /// Set for absolute-form targets (RFC 9112 §3.2.2): the origin-form path and query.
    var originForm: String?
    var version: HTTPVersion
    var headers: HTTPHeaders
    var framing: Framing
    /// Whether the connection may stay open after this exchange (RFC 9112 §9.3).
    var keepAlive: Bool
    /// The client sent `Expect: 100-continue` and waits for an interim response.
    var expectContinue: Bool

    /// The path part of the origin-form target (for spooling decisions before the body is read).
    var path: Substring {
        let form = originForm ?? target
        return form[..<(form.firstIndex(of: "?") ?? form.endIndex)]
    }

    /// The request handed to the handler once the body is in.
    func makeRequest(body: [UInt8], bodyFile: String? = nil, remoteAddress: String) -> HTTPRequest {
        var request = HTTPRequest(method: method, target: originForm ?? target, version: version, headers: headers,
                                  body: body, remoteAddress: remoteAddress)
        request.target = target
        request.bodyFile = bodyFile
        return request
    }
}
