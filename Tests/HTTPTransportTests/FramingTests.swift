import Testing
@testable import HTTPTransport

@Suite("Body framing (RFC 9112 §6.3)")
struct FramingTests {
    private func head(_ fields: String, version: String = "HTTP/1.1") -> String {
        "POST /upload \(version)\r\nHost: a\r\n\(fields)\r\n"
    }

    @Test func contentLengthFraming() throws {
        #expect(try #require(parsedHead(head("Content-Length: 42\r\n"))).framing == .length(42))
        #expect(try #require(parsedHead(head("Content-Length: 0\r\n"))).framing == .none)
        #expect(try #require(parsedHead(head("Content-Length: 007\r\n"))).framing == .length(7))
        #expect(try #require(parsedHead(head("Content-Length: 5\r\nContent-Length: 5\r\n"))).framing == .length(5))
        #expect(try #require(parsedHead(head("Content-Length: 5, 5\r\n"))).framing == .length(5))
    }

    @Test(arguments: ["abc", "-1", "+1", "", " ", "1 2", "0x10", "1.0", "99999999999999999999999", ","])
    func invalidContentLengthGets400(_ value: String) {
        #expect(parseError(head("Content-Length: \(value)\r\n")) == .badRequest("invalid Content-Length"))
    }

    /// RFC 9110 §5.6.1: empty list elements are ignored.
    @Test func trailingEmptyListElementIsIgnored() throws {
        #expect(try #require(parsedHead(head("Content-Length: 5,\r\n"))).framing == .length(5))
    }

    @Test(arguments: ["Content-Length: 5\r\nContent-Length: 6\r\n", "Content-Length: 5, 6\r\n"])
    func differingContentLengthsGet400(_ fields: String) {
        #expect(parseError(head(fields)) == .badRequest("conflicting Content-Length values"))
    }

    @Test func contentLengthAndTransferEncodingGet400() {
        #expect(parseError(head("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n")) == .badRequest("both Content-Length and Transfer-Encoding"))
        #expect(parseError(head("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n")) == .badRequest("both Content-Length and Transfer-Encoding"))
    }

    @Test func chunkedFraming() throws {
        #expect(try #require(parsedHead(head("Transfer-Encoding: chunked\r\n"))).framing == .chunked)
        #expect(try #require(parsedHead(head("Transfer-Encoding: Chunked\r\n"))).framing == .chunked)
    }

    @Test(arguments: [
        "Transfer-Encoding: gzip, chunked\r\n", "Transfer-Encoding: chunked, gzip\r\n", "Transfer-Encoding: identity\r\n",
        "Transfer-Encoding: chunked, chunked\r\n", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
        "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n", "Transfer-Encoding: \r\n", "Transfer-Encoding: chunked;q=1\r\n",
    ])
    func otherTransferCodingsGet400(_ fields: String) {
        #expect(parseError(head(fields)) == .badRequest("unsupported transfer coding"))
    }

    @Test func transferEncodingInHTTP10Gets400() {
        #expect(parseError(head("Transfer-Encoding: chunked\r\n", version: "HTTP/1.0")) == .badRequest("Transfer-Encoding in an HTTP/1.0 request"))
    }

    @Test func expectations() throws {
        #expect(try #require(parsedHead(head("Content-Length: 3\r\nExpect: 100-Continue\r\n"))).expectContinue)
        #expect(parseError(head("Content-Length: 3\r\nExpect: teapot\r\n"))?.status == .expectationFailed)
        #expect(parseError(head("Expect: 100-continue\r\nExpect: 100-continue\r\n"))?.status == .expectationFailed)
    }

    @Test func oversizedContentLengthGets413BeforeAnyBody() {
        let limits = ParserLimits(maxBodyBytes: 100)
        #expect(parseError(head("Content-Length: 101\r\n"), limits: limits)?.status == .contentTooLarge)
        #expect(parseError(head("Content-Length: 101\r\nExpect: 100-continue\r\n"), limits: limits)?.status == .contentTooLarge)
        #expect(parsedHead(head("Content-Length: 100\r\n"), limits: limits) != nil)
    }
}
