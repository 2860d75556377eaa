import HealthTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPTransport

extension SocketTests {
    @Suite("Keep-alive, pipelining, bodies")
    struct KeepAliveTests {
        @Test func http11IsPersistentByDefault() async throws {
            let server = try TestServer()
            let result = await exchange(server.port, "GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(result.response?.status == 200)
            #expect(result.response?.text == "GET /a 0")
            #expect(result.response?.header("Connection") == nil)
            #expect(result.response?.header("Date")?.hasSuffix("GMT") == true)
            #expect(result.response?.header("X-Remote") == "127.0.0.1")
            #expect(!result.closed)
            #expect(result.followUpStatus == 200)
            await server.stop()
        }

        @Test func http10ClosesByDefault() async throws {
            let server = try TestServer()
            let result = await exchange(server.port, "GET /a HTTP/1.0\r\n\r\n", closeTimeout: 5)
            #expect(result.response?.status == 200)
            #expect(result.response?.header("Connection") == "close")
            #expect(result.closed)
            await server.stop()
        }

        @Test func http10KeepAliveOnRequest() async throws {
            let server = try TestServer()
            let result = await exchange(server.port, "GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(result.response?.status == 200)
            #expect(result.response?.header("Connection") == "keep-alive")
            #expect(!result.closed)
            #expect(result.followUpStatus == 200)
            await server.stop()
        }

        @Test func connectionCloseIsHonoured() async throws {
            let server = try TestServer()
            let result = await exchange(server.port, "GET /a HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", closeTimeout: 5)
            #expect(result.response?.status == 200)
            #expect(result.response?.header("Connection") == "close")
            #expect(result.closed)
            await server.stop()
        }

        @Test func handlerCanCloseTheConnection() async throws {
            let server = try TestServer()
            let result = await exchange(server.port, "GET /close HTTP/1.1\r\nHost: t\r\n\r\n", closeTimeout: 5)
            #expect(result.response?.status == 200)
            #expect(result.response?.headers("Connection") == ["close"])
            #expect(result.closed)
            await server.stop()
        }

        @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
            let server = try TestServer()
            let port = server.port
            let (texts, stillOpen) = await onThread { () -> ([String], Bool) in
                guard let client = TestClient(port: port) else { return ([], false) }
                client.send("GET /1 HTTP/1.1\r\nHost: t\r\n\r\nPOST /2 HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc"
                    + "POST /3 HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nxy\r\n0\r\n\r\nHEAD /4 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /5 HTTP/1.1\r\nHost: t\r\n\r\n")
                var texts: [String] = []
                for index in 1...5 {
                    guard let response = client.readResponse(head: index == 4) else { break }
                    texts.append(index == 4 ? "HEAD \(response.header("Content-Length") ?? "-")" : response.text)
                }
                return (texts, client.roundTrip()?.status == 200)
            }
            #expect(texts == ["GET /1 0", "POST /2 3", "POST /3 2", "HEAD 9", "GET /5 0"])
            #expect(stillOpen)
            await server.stop()
        }

        @Test func headHasTheLengthButNoContent() async throws {
            let server = try TestServer()
            let result = await exchange(server.port, "HEAD /abc HTTP/1.1\r\nHost: t\r\n\r\n", head: true)
            #expect(result.response?.status == 200)
            #expect(result.response?.header("Content-Length") == "\("HEAD /abc 0".utf8.count)")
            // Any content bytes would have corrupted the follow-up response.
            #expect(result.followUpStatus == 200)
            await server.stop()
        }

        @Test func contentLengthBody() async throws {
            let server = try TestServer()
            let body = String(repeating: "x", count: 100_000)
            let result = await exchange(server.port, "PUT /b HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(result.response?.text == "PUT /b 100000")
            #expect(result.followUpStatus == 200)
            await server.stop()
        }

        @Test func chunkedBodyInPieces() async throws {
            let server = try TestServer()
            let port = server.port
            let (text, open) = await onThread { () -> (String?, Bool) in
                guard let client = TestClient(port: port) else { return (nil, false) }
                client.send("POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
                for piece in ["4;ext=1\r", "\nwiki\r\n", "5\r\npedia\r", "\n0\r\nTrailer: 1\r\n", "\r\n"] {
                    client.send(piece)
                    usleep(20_000)
                }
                let response = client.readResponse()
                return (response?.text, client.roundTrip()?.status == 200)
            }
            #expect(text == "POST /c 9")
            #expect(open)
            await server.stop()
        }

        @Test func expectContinue() async throws {
            let server = try TestServer()
            let port = server.port
            let (interim, final, open) = await onThread { () -> (Int?, String?, Bool) in
                guard let client = TestClient(port: port) else { return (nil, nil, false) }
                client.send("POST /e HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
                let interim = client.readResponse()
                client.send("hello")
                let final = client.readResponse()
                return (interim?.status, final?.text, client.roundTrip()?.status == 200)
            }
            #expect(interim == 100)
            #expect(final == "POST /e 5")
            #expect(open)
            await server.stop()
        }

        @Test func expectContinueWithOversizedLengthGets413WithoutContinue() async throws {
            let server = try TestServer { $0.maxBodyBytes = 1000 }
            let result = await exchange(server.port, "POST /e HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\nExpect: 100-continue\r\n\r\n", closeTimeout: 5)
            #expect(result.response?.status == 413)
            #expect(result.response?.header("Connection") == "close")
            #expect(result.closed)
            await server.stop()
        }

        @Test func ipv6AndRemoteAddress() async throws {
            guard let server = try? TestServer(host: "::1") else { return } // no IPv6 loopback here
            let port = server.port
            let response = await onThread { () -> TestResponse? in
                guard let client = TestClient(port: port, host: "::1") else { return nil }
                return client.roundTrip()
            }
            #expect(response?.status == 200)
            #expect(response?.header("X-Remote") == "::1")
            await server.stop()
        }

        @Test func bindFailureIsDescriptive() async throws {
            let server = try TestServer()
            var configuration = HTTPServerConfiguration()
            configuration.port = server.port
            let second = HTTPServer(configuration: configuration, handler: ClosureHandler { _ in HTTPResponse(status: .ok) })
            #expect {
                _ = try second.start()
            } throws: { error in
                guard let error = error as? HTTPServerError else { return false }
                return error == .socket(call: "bind", errno: EADDRINUSE) && error.description.contains("bind")
            }
            await second.shutdown()
            await server.stop()
        }
    }
}
