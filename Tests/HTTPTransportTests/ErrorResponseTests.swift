import Testing
@testable import HTTPTransport

extension SocketTests {
    @Suite("Errors the transport answers itself")
    struct ErrorResponseTests {
        struct Case: Sendable, CustomTestStringConvertible {
            var request: String
            var status: Int
            var reason: String
            var testDescription: String { "\(status) \(reason)" }
        }

        static let framingCases: [Case] = [
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc",
                 status: 400, reason: "both Content-Length and Transfer-Encoding"),
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: -3\r\n\r\nabc", status: 400, reason: "invalid Content-Length"),
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
                 status: 400, reason: "conflicting Content-Length values"),
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
                 status: 400, reason: "unsupported transfer coding"),
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n",
                 status: 400, reason: "unsupported transfer coding"),
            Case(request: "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                 status: 400, reason: "Transfer-Encoding in an HTTP/1.0 request"),
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
                 status: 400, reason: "invalid chunk size"),
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n",
                 status: 400, reason: "missing CRLF after chunk data"),
            Case(request: "GET / HTTP/1.1\r\nHost : t\r\n\r\n", status: 400, reason: "whitespace before colon in header field"),
            Case(request: "GET / HTTP/1.1\r\nHost: t\r\nX: a\r\n b\r\n\r\n", status: 400, reason: "obsolete line folding in header section"),
            Case(request: "GET / HTTP/1.1\r\nHost: t\r\nX: a\u{0}b\r\n\r\n", status: 400, reason: "invalid character in header field value"),
            Case(request: "GET / HTTP/1.1\nHost: t\n\n", status: 400, reason: "bare LF in request line"),
            Case(request: "GET /a b HTTP/1.1\r\nHost: t\r\n\r\n", status: 400, reason: "malformed request line"),
            Case(request: "G(T / HTTP/1.1\r\nHost: t\r\n\r\n", status: 400, reason: "invalid method"),
            Case(request: "GET / HTTP/1.1\r\n\r\n", status: 400, reason: "missing Host header"),
            Case(request: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400, reason: "repeated Host header"),
            Case(request: "GET / HTTP/2.0\r\nHost: t\r\n\r\n", status: 505, reason: "HTTP version not supported"),
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nExpect: teapot\r\n\r\nx", status: 417, reason: "unsupported expectation"),
        ]

        @Test(arguments: framingCases)
        func framingErrorsAnswerAndClose(_ testCase: Case) async throws {
            let server = try TestServer()
            let result = await exchange(server.port, testCase.request, closeTimeout: 5)
            #expect(result.response?.status == testCase.status)
            #expect(result.response?.header("Connection") == "close")
            #expect(result.response?.text == testCase.reason + "\n", "the default error responder writes the reason")
            #expect(result.closed)
            #expect(server.reasons == [testCase.reason], "onTransportError is called once")
            #expect(server.handled == 0)
            await server.stop()
        }

        static let limitCases: [Case] = [
            Case(request: "GET /" + String(repeating: "a", count: 300) + " HTTP/1.1\r\nHost: t\r\n\r\n", status: 414, reason: "request line too long"),
            Case(request: "GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "b", count: 600) + "\r\n\r\n",
                 status: 431, reason: "header section too large"),
            Case(request: "GET / HTTP/1.1\r\nHost: t\r\n" + (0..<11).map { "X-\($0): v\r\n" }.joined() + "\r\n",
                 status: 431, reason: "too many header fields"),
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1025\r\n\r\n", status: 413, reason: "request content too large"),
            Case(request: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n" + String(repeating: "c", count: 1024)
                + "\r\n1\r\nc\r\n0\r\n\r\n", status: 413, reason: "request content too large"),
        ]

        @Test(arguments: limitCases)
        func limitsAnswerAndClose(_ testCase: Case) async throws {
            let server = try TestServer {
                $0.maxRequestLineBytes = 256
                $0.maxHeaderBytes = 512
                $0.maxHeaderCount = 10
                $0.maxBodyBytes = 1024
            }
            let result = await exchange(server.port, testCase.request, closeTimeout: 5)
            #expect(result.response?.status == testCase.status)
            #expect(result.response?.header("Connection") == "close")
            #expect(result.closed)
            #expect(server.reasons == [testCase.reason])
            await server.stop()
        }

        @Test func oversizedHeadIsRefusedWithoutWaitingForItsEnd() async throws {
            // The client never finishes the line; the server answers as soon as the limit is passed.
            let server = try TestServer { $0.maxRequestLineBytes = 256 }
            let result = await exchange(server.port, "GET /" + String(repeating: "a", count: 1000), closeTimeout: 5)
            #expect(result.response?.status == 414)
            #expect(result.closed)
            await server.stop()
        }

        @Test func errorResponderShapesTheResponse() async throws {
            let server = try TestServer {
                $0.errorResponder = { status, reason, request in
                    HTTPResponse(status: status, contentType: "application/json",
                                 body: Array("{\"error\":\"\(reason)\",\"method\":\"\(request?.method.rawValue ?? "-")\"}".utf8))
                }
            }
            let result = await exchange(server.port, "GET / HTTP/1.1\r\n\r\n", closeTimeout: 5)
            #expect(result.response?.header("Content-Type") == "application/json")
            #expect(result.response?.text == "{\"error\":\"missing Host header\",\"method\":\"-\"}")
            #expect(result.closed)
            await server.stop()
        }
    }
}
