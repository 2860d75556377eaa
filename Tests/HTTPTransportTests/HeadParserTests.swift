import Testing
@testable import HTTPTransport

@Suite("Request head parser")
struct HeadParserTests {
    @Test func parsesASimpleGet() throws {
        let head = try #require(parsedHead("GET /samples?from=1&to=2 HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\n\r\n"))
        #expect(head.method == .get)
        #expect(head.target == "/samples?from=1&to=2")
        #expect(head.version == .http1_1)
        #expect(head.headers[.host] == "example.com")
        #expect(head.headers["ACCEPT"] == "*/*")
        #expect(head.framing == .none)
        #expect(head.keepAlive)
        #expect(!head.expectContinue)
        let request = head.makeRequest(body: [], remoteAddress: "::1")
        #expect(request.path == "/samples")
        #expect(request.query == "from=1&to=2")
        #expect(request.remoteAddress == "::1")
    }

    @Test func keepsFieldOrderAndRawNames() throws {
        let head = try #require(parsedHead("GET / HTTP/1.1\r\nHost: a\r\nX-One: 1\r\nx-one: 2\r\n\r\n"))
        #expect(head.headers.values("x-one") == ["1", "2"])
        #expect(head.headers.fields.map(\.rawName) == ["Host", "X-One", "x-one"])
    }

    @Test func trimsOptionalWhitespaceAroundValues() throws {
        let head = try #require(parsedHead("GET / HTTP/1.1\r\nHost:   a \t\r\nX-Empty:\r\n\r\n"))
        #expect(head.headers[.host] == "a")
        #expect(head.headers["x-empty"] == "")
    }

    @Test func http10Defaults() throws {
        let plain = try #require(parsedHead("GET / HTTP/1.0\r\n\r\n"))
        #expect(plain.version == .http1_0)
        #expect(!plain.keepAlive, "HTTP/1.0 closes by default")
        let keepAlive = try #require(parsedHead("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"))
        #expect(keepAlive.keepAlive)
        let ignoredExpect = try #require(parsedHead("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n"))
        #expect(!ignoredExpect.expectContinue, "RFC 9110 §10.1.1: 1.0 expectations are ignored")
    }

    @Test func connectionCloseEndsPersistence() throws {
        #expect(try #require(parsedHead("GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, close\r\n\r\n")).keepAlive == false)
        #expect(try #require(parsedHead("GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\n\r\n")).keepAlive == true)
    }

    @Test func ignoresLeadingEmptyLines() throws {
        let head = try #require(parsedHead("\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(head.target == "/x")
    }

    @Test func byteByByteGivesTheSameHead() throws {
        let text = "\r\nPOST /p HTTP/1.1\r\nHost: a\r\nContent-Length: 12\r\n\r\n"
        let head = try #require(try parseHeadByteByByte(text).get())
        #expect(head.method == .post)
        #expect(head.framing == .length(12))
    }

    @Test func incompleteHeadNeedsMore() throws {
        #expect(try parseHead("GET / HTTP/1.1\r\nHost: a\r\n").get() == nil)
        #expect(try parseHead("GET / HTTP/1.1\r\nHost: a\r\n\r").get() == nil)
    }

    @Test func higherMinorVersionIsServedAsHTTP11() throws {
        #expect(try #require(parsedHead("GET / HTTP/1.2\r\nHost: a\r\n\r\n")).version == .http1_1)
    }

    @Test(arguments: ["GET / HTTP/2.0\r\nHost: a\r\n\r\n", "GET / HTTP/0.9\r\n\r\n", "GET / HTTP/3.0\r\n\r\n"])
    func unsupportedVersionsGet505(_ text: String) {
        #expect(parseError(text)?.status == .httpVersionNotSupported)
    }

    @Test(arguments: [
        "GET /\r\n\r\n", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", "GET / HTTP/1.1 \r\nHost: a\r\n\r\n",
        "GET / http/1.1\r\nHost: a\r\n\r\n", "GET / HTTP/1.10\r\nHost: a\r\n\r\n", "GET / HTTP/1\r\nHost: a\r\n\r\n",
        " GET / HTTP/1.1\r\nHost: a\r\n\r\n", "GET\r\nHost: a\r\n\r\n", "GET /\tx HTTP/1.1\r\nHost: a\r\n\r\n",
    ])
    func malformedRequestLinesGet400(_ text: String) {
        #expect(parseError(text)?.status == .badRequest)
    }

    @Test(arguments: ["G@T / HTTP/1.1\r\nHost: a\r\n\r\n", "GE(T / HTTP/1.1\r\nHost: a\r\n\r\n", "GÉT / HTTP/1.1\r\nHost: a\r\n\r\n"])
    func invalidMethodTokensGet400(_ text: String) {
        #expect(parseError(text) == HTTPParseError(.badRequest, "invalid method"))
    }

    @Test func requestTargetForms() throws {
        let absolute = try #require(parsedHead("GET http://example.com/a/b?c=d HTTP/1.1\r\nHost: example.com\r\n\r\n"))
        let request = absolute.makeRequest(body: [], remoteAddress: "")
        #expect(request.target == "http://example.com/a/b?c=d")
        #expect(request.path == "/a/b")
        #expect(request.query == "c=d")
        #expect(parsedHead("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n") != nil)
        #expect(parseError("GET * HTTP/1.1\r\nHost: a\r\n\r\n")?.status == .badRequest)
        #expect(parseError("GET example.com:80 HTTP/1.1\r\nHost: a\r\n\r\n")?.status == .badRequest)
    }

    @Test func bareLineFeedsGet400() {
        #expect(parseError("GET / HTTP/1.1\nHost: a\r\n\r\n") == .badRequest("bare LF in request line"))
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\nX: y\r\n\r\n") == .badRequest("bare LF in header section"))
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\n\n") == .badRequest("bare LF in header section"))
    }

    @Test func whitespaceBeforeColonGets400() {
        #expect(parseError("GET / HTTP/1.1\r\nHost : a\r\n\r\n") == .badRequest("whitespace before colon in header field"))
        #expect(parseError("GET / HTTP/1.1\r\nHost\t: a\r\n\r\n") == .badRequest("whitespace before colon in header field"))
    }

    @Test func obsoleteLineFoldingGets400() {
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\nX-Long: one\r\n two\r\n\r\n") == .badRequest("obsolete line folding in header section"))
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\nX-Long: one\r\n\ttwo\r\n\r\n")?.status == .badRequest)
    }

    @Test(arguments: ["X: a\u{0}b", "X: a\rb", "X: a\u{7f}", "X: \u{1}"])
    func controlCharactersInValuesGet400(_ field: String) {
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\n\(field)\r\n\r\n") == .badRequest("invalid character in header field value"))
    }

    @Test func malformedFieldLinesGet400() {
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n") == .badRequest("header field without colon"))
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\n: v\r\n\r\n") == .badRequest("empty header field name"))
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\nX(y): v\r\n\r\n") == .badRequest("invalid character in header field name"))
    }

    @Test func hostRules() {
        #expect(parseError("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n") == .badRequest("missing Host header"))
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == .badRequest("repeated Host header"))
        #expect(parseError("GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n") == .badRequest("repeated Host header"))
        #expect(parsedHead("GET / HTTP/1.0\r\n\r\n") != nil)
    }
}
