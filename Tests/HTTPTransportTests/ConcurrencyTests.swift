import Foundation
import Testing
@testable import HTTPTransport

extension SocketTests {
    @Suite("Concurrency")
    struct ConcurrencyTests {
        struct FastResult: Sendable {
            var ok: Bool
            var finished: Date
            var duration: Double
        }

        /// Ordered, not timed: the slow request waits at a gate that opens only after the
        /// fast connection has had all its answers, so a handler that held up other
        /// connections would leave the fast client without answers.
        @Test func slowHandlerDoesNotDelayOtherConnections() async throws {
            let server = try TestServer()
            let port = server.port
            async let slow: Int? = onThread {
                TestClient(port: port)?.roundTrip("/gate")?.status
            }
            while server.handled < 1 { try await Task.sleep(for: .milliseconds(2)) }
            let fastAnswers: Int = await onThread {
                guard let client = TestClient(port: port) else { return 0 }
                var answered = 0
                for _ in 0..<5 where client.roundTrip()?.status == 200 { answered += 1 }
                return answered
            }
            server.openGate()
            let slowStatus = await slow
            #expect(fastAnswers == 5)
            #expect(slowStatus == 200)
            await server.stop()
        }

        @Test func slowClientDoesNotDelayOthers() async throws {
            let server = try TestServer {
                $0.headDeadlineSeconds = 3
                $0.idleTimeoutSeconds = 10
            }
            let port = server.port
            let started = Date()

            // One connection sends its head one byte per second.
            async let slow: (status: Int?, closed: Bool, at: Date) = onThread {
                guard let client = TestClient(port: port) else { return (nil, false, Date()) }
                let head = Array("GET /dribble HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
                var response: TestResponse?
                for byte in head {
                    client.send([byte])
                    response = client.readResponse(timeout: 1)
                    if response != nil { break }
                }
                return (response?.status, client.isClosedByPeer(within: 5), Date())
            }

            // 256 keep-alive connections, each doing a few requests, at the same time.
            let fast = await withTaskGroup(of: FastResult.self) { group in
                for index in 0..<256 {
                    group.addTask {
                        await onThread {
                            let begin = Date()
                            guard let client = TestClient(port: port) else { return FastResult(ok: false, finished: Date(), duration: 0) }
                            var ok = true
                            for request in 0..<3 {
                                let response = client.roundTrip("/c\(index)/r\(request)")
                                ok = ok && response?.status == 200 && response?.text == "GET /c\(index)/r\(request) 0"
                            }
                            return FastResult(ok: ok, finished: Date(), duration: Date().timeIntervalSince(begin))
                        }
                    }
                }
                var results: [FastResult] = []
                for await result in group { results.append(result) }
                return results
            }
            let slowResult = await slow

            #expect(fast.count == 256)
            #expect(fast.allSatisfy { $0.ok })
            let slowest = fast.map(\.duration).max() ?? 0
            #expect(slowest < 2.5, "a fast client took \(slowest) s")
            #expect(fast.allSatisfy { $0.finished < slowResult.at })
            #expect(slowResult.status == 408)
            #expect(slowResult.closed)
            let slowElapsed = slowResult.at.timeIntervalSince(started)
            #expect(slowElapsed >= 2.5 && slowElapsed < 8, "408 after \(slowElapsed) s")
            #expect(server.handled == 768)
            await server.stop()
        }
    }
}
