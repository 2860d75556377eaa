import Foundation
import HealthTesting
import Testing
@testable import HTTPTransport

/// Streamed bodies: chunked framing on HTTP/1.1, close-delimited on HTTP/1.0, nothing for
/// HEAD, and a producer failure ending the connection without the last chunk.
///
/// The producer runs on the cooperative pool, which the suite's compute-heavy tests can
/// hold for over a minute on two cores; the clients wait up to 300 s, because what is
/// checked here is the framing, not how soon it comes.
@Suite("Streamed bodies")
struct StreamedBodyTests {
    /// A server whose `/stream` answers three pieces, `/fail` one piece then an error.
    static func server() throws -> (HTTPServer, Int, Task<Void, Never>) {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.shutdownDeadlineSeconds = 2
        struct Failure: Error {}
        let server = HTTPServer(configuration: configuration, handler: ClosureHandler { request in
            HTTPResponse(status: .ok, contentType: "text/plain", stream: HTTPBodyStream { sink in
                try await sink.write(Array("alpha,".utf8))
                if request.path == "/fail" { throw Failure() }
                try await sink.write([])
                try await sink.write(Array("beta,".utf8))
                try await sink.write(Array(repeating: 0x78, count: 20_000))
            })
        })
        let port = try server.start()
        let task = Task { await server.run() }
        return (server, port, task)
    }

    @Test func http11GetsChunkedFraming() async throws {
        let (server, port, task) = try Self.server()
        let bytes = await onThread { () -> [UInt8] in
            guard let client = TestClient(port: port) else { return [] }
            client.send("GET /stream HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return client.readToEnd(timeout: 300)
        }
        await server.shutdown()
        await task.value
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts[0].contains("Transfer-Encoding: chunked"))
        #expect(!parts[0].contains("Content-Length"))
        let body = text[try #require(text.range(of: "\r\n\r\n")).upperBound...]
        #expect(body == "6\r\nalpha,\r\n5\r\nbeta,\r\n4e20\r\n" + String(repeating: "x", count: 20_000) + "\r\n0\r\n\r\n")
    }

    @Test func http10GetsTheBytesAndTheEndOfTheConnection() async throws {
        let (server, port, task) = try Self.server()
        let bytes = await onThread { () -> [UInt8] in
            guard let client = TestClient(port: port) else { return [] }
            client.send("GET /stream HTTP/1.0\r\n\r\n")
            return client.readToEnd(timeout: 300)
        }
        await server.shutdown()
        await task.value
        let text = String(decoding: bytes, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(!head.contains("Transfer-Encoding"))
        #expect(head.contains("Connection: close"))
        #expect(text.hasSuffix("alpha,beta," + String(repeating: "x", count: 20_000)))
    }

    @Test func headSendsTheHeadOnlyAndAFailureCutsTheBodyShort() async throws {
        let (server, port, task) = try Self.server()
        let (head, failed) = await onThread { () -> ([UInt8], [UInt8]) in
            guard let a = TestClient(port: port), let b = TestClient(port: port) else { return ([], []) }
            a.send("HEAD /stream HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            b.send("GET /fail HTTP/1.1\r\nHost: x\r\n\r\n")
            return (a.readToEnd(timeout: 300), b.readToEnd(timeout: 300))
        }
        await server.shutdown()
        await task.value
        let headText = String(decoding: head, as: UTF8.self)
        #expect(headText.hasSuffix("\r\n\r\n"))
        #expect(!headText.contains("alpha"))
        let failedText = String(decoding: failed, as: UTF8.self)
        #expect(failedText.hasSuffix("6\r\nalpha,\r\n"))
        #expect(!failedText.contains("0\r\n\r\n"))
    }

    @Test func collectGathersEveryPiece() async throws {
        let stream = HTTPBodyStream { sink in
            for piece in ["a", "", "bc"] { try await sink.write(Array(piece.utf8)) }
        }
        #expect(try await stream.collect() == Array("abc".utf8))
        let response = HTTPResponse(status: .ok, contentType: "text/plain", stream: stream)
        #expect(try await response.collectedBody() == Array("abc".utf8))
    }
}
