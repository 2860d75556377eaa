import Foundation
import Testing
@testable import HTTPTransport

extension SocketTests {
    @Suite("Timeouts")
    struct TimeoutTests {
        @Test func incompleteHeadGets408AtTheHeadDeadline() async throws {
            let server = try TestServer { $0.headDeadlineSeconds = 1 }
            let port = server.port
            let (status, closed, elapsed) = await onThread { () -> (Int?, Bool, Double) in
                guard let client = TestClient(port: port) else { return (nil, false, 0) }
                let started = Date()
                client.send("GET / HTTP/1.1\r\nHost: t\r\n")
                let response = client.readResponse(timeout: 10)
                return (response?.status, client.isClosedByPeer(within: 5), Date().timeIntervalSince(started))
            }
            #expect(status == 408)
            #expect(closed)
            #expect(elapsed >= 0.8 && elapsed < 5)
            #expect(server.reasons == ["request head not received in time"])
            await server.stop()
        }

        @Test func silentNewConnectionGets408() async throws {
            let server = try TestServer { $0.headDeadlineSeconds = 1 }
            let port = server.port
            let (status, closed) = await onThread { () -> (Int?, Bool) in
                guard let client = TestClient(port: port) else { return (nil, false) }
                return (client.readResponse(timeout: 10)?.status, client.isClosedByPeer(within: 5))
            }
            #expect(status == 408)
            #expect(closed)
            await server.stop()
        }

        @Test func idleKeepAliveConnectionIsClosedSilently() async throws {
            let server = try TestServer { $0.idleTimeoutSeconds = 1 }
            let port = server.port
            let (status, closed, unread) = await onThread { () -> (Int?, Bool, Int) in
                guard let client = TestClient(port: port) else { return (nil, false, 0) }
                let status = client.roundTrip()?.status
                return (status, client.isClosedByPeer(within: 10), client.unreadBytes.count)
            }
            #expect(status == 200)
            #expect(closed)
            #expect(unread == 0, "no 408 for an idle keep-alive connection")
            #expect(server.reasons.isEmpty)
            await server.stop()
        }

        @Test func slowBodyGets408() async throws {
            let server = try TestServer {
                $0.bodyRateGraceSeconds = 1
                $0.minBodyBytesPerSecond = 1000
            }
            let port = server.port
            let (status, closed) = await onThread { () -> (Int?, Bool) in
                guard let client = TestClient(port: port) else { return (nil, false) }
                client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n0123456789")
                return (client.readResponse(timeout: 10)?.status, client.isClosedByPeer(within: 5))
            }
            #expect(status == 408)
            #expect(closed)
            #expect(server.reasons == ["request body not received in time"])
            await server.stop()
        }
    }
}
