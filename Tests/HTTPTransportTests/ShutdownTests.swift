import Foundation
import HealthTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPTransport

extension SocketTests {
    @Suite("Shutdown")
    struct ShutdownTests {
        @Test func inFlightRequestCompletesAndNewConnectionsAreRefused() async throws {
            let server = try TestServer { $0.shutdownDeadlineSeconds = 5 }
            let port = server.port

            async let idle: (first: Int?, closed: Bool) = onThread {
                guard let client = TestClient(port: port) else { return (nil, false) }
                let first = client.roundTrip("/idle")?.status
                return (first, client.isClosedByPeer(within: 10))
            }
            async let inFlight: (status: Int?, connection: String?, text: String?, closed: Bool) = onThread {
                guard let client = TestClient(port: port) else { return (nil, nil, nil, false) }
                usleep(100_000) // after the idle client's request
                client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = client.readResponse()
                return (response?.status, response?.header("Connection"), response?.text, client.isClosedByPeer(within: 5))
            }

            let waitStart = Date()
            while server.handled < 2 && Date().timeIntervalSince(waitStart) < 10 {
                try await Task.sleep(for: .milliseconds(2))
            }
            #expect(server.handled == 2)
            let shutdownStarted = Date()
            let shutdown = Task { await server.server.shutdown() }

            let slow = await inFlight
            #expect(slow.status == 200)
            #expect(slow.text == "GET /slow 0")
            #expect(slow.connection == "close")
            #expect(slow.closed)
            let quiet = await idle
            #expect(quiet.first == 200)
            #expect(quiet.closed, "idle keep-alive connections are closed by shutdown")

            await shutdown.value
            await server.runTask.value // run() returns
            #expect(Date().timeIntervalSince(shutdownStarted) < 4)
            let refused = await onThread { TestClient(port: port) == nil }
            #expect(refused)
            #expect(server.server.openConnectionCount == 0)
        }

        @Test func requestsBeyondTheDeadlineAreCut() async throws {
            let server = try TestServer { $0.shutdownDeadlineSeconds = 0.5 }
            let port = server.port
            async let stuck: (response: Int?, closed: Bool) = onThread {
                guard let client = TestClient(port: port) else { return (nil, false) }
                client.send("GET /sleep/2500 HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = client.readResponse(timeout: 5)
                return (response?.status, client.isClosedByPeer(within: 5))
            }
            while server.handled < 1 { try await Task.sleep(for: .milliseconds(2)) }
            let started = Date()
            await server.stop()
            let elapsed = Date().timeIntervalSince(started)
            let result = await stuck
            #expect(result.response == nil)
            #expect(result.closed)
            #expect(elapsed < 2.4, "shutdown took \(elapsed) s")
            // Let the handler finish so that its descriptor is released before other tests.
            try await Task.sleep(for: .milliseconds(2500 - Int(elapsed * 1000) + 200))
        }

        @Test func signalStartsShutdown() async throws {
            let server = try TestServer()
            let watcher = SignalWatcher.shuttingDown(server.server, on: [SIGUSR1])
            let port = server.port
            #expect(await onThread { TestClient(port: port)?.roundTrip()?.status } == 200)
            kill(getpid(), SIGUSR1)
            await server.runTask.value
            #expect(await onThread { TestClient(port: port) == nil })
            watcher.cancel()
        }

        @Test func shutdownWithoutRunAndTwice() async throws {
            var configuration = HTTPServerConfiguration()
            configuration.port = 0
            let server = HTTPServer(configuration: configuration, handler: ClosureHandler { _ in HTTPResponse(status: .ok) })
            let port = try server.start()
            await server.shutdown()
            await server.shutdown()
            await server.run() // returns at once
            let refused = await onThread { TestClient(port: port) == nil }
            #expect(refused)
            let never = HTTPServer(configuration: configuration, handler: ClosureHandler { _ in HTTPResponse(status: .ok) })
            await never.shutdown()
        }
    }
}
