import Foundation
import Testing
@testable import HTTPTransport

extension SocketTests {
    @Suite("Descriptors")
    struct DescriptorLeakTests {
        /// Waits (up to 8 s) until `measure()` is at most `limit`; returns the last value.
        private func settle(atMost limit: Int, _ measure: () -> Int) async -> Int {
            let deadline = Date(timeIntervalSinceNow: 8)
            var count = measure()
            while count > limit && Date() < deadline {
                try? await Task.sleep(for: .milliseconds(20))
                count = measure()
            }
            return count
        }

        @Test func everyDescriptorIsClosed() async throws {
            // Warm up first: the runtime opens some descriptors lazily on first use (for
            // example a timerfd for Task.sleep's clock); those are not the server's.
            let warmUp = try TestServer()
            let warmPort = warmUp.port
            _ = await onThread { TestClient(port: warmPort)?.roundTrip() }
            try await Task.sleep(for: .milliseconds(20))
            await warmUp.stop()
            try await Task.sleep(for: .milliseconds(20))

            let before = openDescriptorTargets()
            let baseline = openDescriptorCount()
            let server = try TestServer {
                $0.maxConnections = 40
                $0.maxBodyBytes = 1000
                $0.headDeadlineSeconds = 1
            }
            let port = server.port
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<60 {
                    group.addTask {
                        await onThread {
                            guard let client = TestClient(port: port) else { return }
                            switch index % 6 {
                            case 0: // keep-alive requests, then the client closes
                                _ = client.roundTrip()
                                _ = client.roundTrip()
                            case 1: // framing error
                                client.send("GET / HTTP/1.1\r\nHost : t\r\n\r\n")
                                _ = client.readResponse()
                                _ = client.isClosedByPeer(within: 5)
                            case 2: // 413 without reading the body
                                client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\n\r\n" + String(repeating: "x", count: 3000))
                                _ = client.readResponse()
                            case 3: // gone in the middle of a head
                                client.send("GET / HTTP/1.1\r\nHo")
                            case 4: // gone in the middle of a body
                                client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nabc")
                            default: // head deadline
                                client.send("GET / HTTP/1.1\r\n")
                                _ = client.readResponse(timeout: 5)
                            }
                        }
                    }
                }
            }
            // Over the cap: hold 40, the next ones are rejected.
            let rejected = await onThread { () -> Int in
                let held = (0..<40).compactMap { _ in TestClient(port: port) }
                for client in held { _ = client.roundTrip() }
                var count = 0
                for _ in 0..<5 where TestClient(port: port)?.readResponse()?.status == 503 { count += 1 }
                return count
            }
            #expect(rejected == 5)

            // While the server runs only the listener, epoll and eventfd remain. Tests of other
            // targets may run in parallel, so descriptors that are clearly theirs are not counted.
            let running = await settle(atMost: 3) { possiblyOwnNewDescriptors(since: before, port: port).count }
            #expect(running <= 3, "new: \(possiblyOwnNewDescriptors(since: before, port: port))")
            #expect(server.server.openConnectionCount == 0)
            await server.stop()
            let after = await settle(atMost: 0) { possiblyOwnNewDescriptors(since: before, port: port).count }
            #expect(after <= 1, "baseline \(baseline), now \(openDescriptorCount()), new: \(possiblyOwnNewDescriptors(since: before, port: port))")
            #expect(openSocketDescriptors(port: port).isEmpty)
        }
    }
}
