import Testing
@testable import HTTPTransport

@Suite("Size limits while reading")
struct LimitTests {
    @Test func requestLineLimit() {
        let limits = ParserLimits(maxRequestLineBytes: 64)
        let atLimit = "GET /" + String(repeating: "a", count: 64 - 14) + " HTTP/1.1"
        #expect(atLimit.utf8.count == 64)
        #expect(parsedHead(atLimit + "\r\nHost: a\r\n\r\n", limits: limits) != nil)
        let over = "GET /" + String(repeating: "a", count: 65 - 14) + " HTTP/1.1"
        #expect(parseError(over + "\r\nHost: a\r\n\r\n", limits: limits)?.status == .uriTooLong)
    }

    @Test func requestLineLimitIsEnforcedBeforeTheLineEnds() throws {
        // No CRLF yet: the scanner must not wait for one while buffering without bound.
        let limits = ParserLimits(maxRequestLineBytes: 64)
        let partial = "GET /" + String(repeating: "a", count: 100)
        #expect(parseError(partial, limits: limits)?.status == .uriTooLong)
        #expect(try parseHead("GET /" + String(repeating: "a", count: 40), limits: limits).get() == nil)
    }

    @Test func headerSectionSizeLimit() {
        let limits = ParserLimits(maxHeaderBytes: 100)
        let big = "X-Big: " + String(repeating: "b", count: 120)
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\n\(big)\r\n\r\n", limits: limits)?.status == .requestHeaderFieldsTooLarge)
        // Also while the field is still arriving.
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\n\(big)", limits: limits)?.status == .requestHeaderFieldsTooLarge)
        #expect(parsedHead("GET / HTTP/1.1\r\nHost: a\r\nX-Small: s\r\n\r\n", limits: limits) != nil)
    }

    @Test func headerCountLimit() {
        let limits = ParserLimits(maxHeaderCount: 3)
        #expect(parsedHead("GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\n\r\n", limits: limits) != nil)
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: limits)
            == HTTPParseError(.requestHeaderFieldsTooLarge, "too many header fields"))
    }

    @Test func defaultLimitsMatchTheConfiguration() {
        let limits = ParserLimits(HTTPServerConfiguration())
        #expect(limits.maxRequestLineBytes == 8 * 1024)
        #expect(limits.maxHeaderBytes == 32 * 1024)
        #expect(limits.maxHeaderCount == 100)
        #expect(limits.maxBodyBytes == 16 * 1024 * 1024)
        let manyFields = (0..<101).map { "X-\($0): v\r\n" }.joined()
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\n\(manyFields)\r\n")?.status == .requestHeaderFieldsTooLarge)
    }
}
