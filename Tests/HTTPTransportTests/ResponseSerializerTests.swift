import Testing
@testable import HTTPTransport

@Suite("Response serialization")
struct ResponseSerializerTests {
    private func serialize(_ response: HTTPResponse, head: Bool = false,
                           persistence: ResponseSerializer.Persistence = .persistent) -> String {
        var out: [UInt8] = []
        ResponseSerializer.serialize(response, omitContent: head, persistence: persistence, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func headLines(_ text: String) -> [String] {
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        return head.components(separatedBy: "\r\n")
    }

    @Test func writesStatusHeadersLengthAndDate() {
        let text = serialize(HTTPResponse(status: .ok, contentType: "text/plain", body: Array("hi".utf8)))
        let lines = headLines(text)
        #expect(lines[0] == "HTTP/1.1 200 OK")
        #expect(lines.contains("Content-Type: text/plain"))
        #expect(lines.contains("Content-Length: 2"))
        #expect(lines.contains { $0.hasPrefix("Date: ") && $0.count == "Date: ".count + 29 && $0.hasSuffix(" GMT") })
        #expect(!lines.contains { $0.hasPrefix("Connection") })
        #expect(text.hasSuffix("\r\n\r\nhi"))
    }

    @Test func connectionHeaderFollowsPersistence() {
        let response = HTTPResponse(status: .ok)
        #expect(headLines(serialize(response, persistence: .close)).contains("Connection: close"))
        #expect(headLines(serialize(response, persistence: .keepAliveAnnounced)).contains("Connection: keep-alive"))
    }

    @Test func replacesFramingHeadersSetByTheHandler() {
        let response = HTTPResponse(status: .ok, headers: ["Content-Length": "999", "Transfer-Encoding": "chunked",
                                                           "Connection": "upgrade", "X-Kept": "yes"], body: [1, 2, 3])
        let lines = headLines(serialize(response, persistence: .close))
        #expect(lines.filter { $0.lowercased().hasPrefix("content-length") } == ["Content-Length: 3"])
        #expect(!lines.contains { $0.lowercased().hasPrefix("transfer-encoding") })
        #expect(lines.filter { $0.lowercased().hasPrefix("connection") } == ["Connection: close"])
        #expect(lines.contains("X-Kept: yes"))
    }

    @Test func handlerCanAskToClose() {
        #expect(ResponseSerializer.asksToClose(HTTPResponse(status: .ok, headers: ["Connection": "Upgrade, Close"])))
        #expect(!ResponseSerializer.asksToClose(HTTPResponse(status: .ok, headers: ["Connection": "keep-alive"])))
        #expect(!ResponseSerializer.asksToClose(HTTPResponse(status: .ok)))
    }

    @Test func headKeepsTheLengthButNotTheContent() {
        let text = serialize(HTTPResponse(status: .ok, body: Array("hello".utf8)), head: true)
        #expect(headLines(text).contains("Content-Length: 5"))
        #expect(text.hasSuffix("\r\n\r\n"))
        let declared = serialize(HTTPResponse(status: .ok, headers: ["Content-Length": "1234"]), head: true)
        #expect(headLines(declared).contains("Content-Length: 1234"))
    }

    @Test(arguments: [HTTPStatus.noContent, .notModified, .continue])
    func statusesWithoutContent(_ status: HTTPStatus) {
        let text = serialize(HTTPResponse(status: status, body: Array("ignored".utf8)))
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func headerValuesCannotInjectLines() {
        let text = serialize(HTTPResponse(status: .ok, headers: ["X-Evil": "a\r\nSet-Cookie: x=1"]))
        #expect(headLines(text).contains("X-Evil: a  Set-Cookie: x=1"))
    }

    @Test func imfFixdate() {
        #expect(String(decoding: DateCache.format(784_111_777), as: UTF8.self) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(String(decoding: DateCache.format(0), as: UTF8.self) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test func decimals() {
        for value in [0, 7, 10, 99, 100, 12345, 16_777_216, Int.max] {
            var out: [UInt8] = []
            ResponseSerializer.appendDecimal(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(value))
        }
    }
}
