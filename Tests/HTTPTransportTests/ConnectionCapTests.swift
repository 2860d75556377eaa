import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import HTTPTransport

extension SocketTests {
    @Suite("Connection cap")
    struct ConnectionCapTests {
        @Test func connectionsOverTheCapGet503AndAreClosed() async throws {
            let server = try TestServer { $0.maxConnections = 2 }
            let port = server.port
            let (first, second, rejected, retryAfter, connection, rejectedClosed, afterRelease) =
                await onThread { () -> (Int?, Int?, Int?, String?, String?, Bool, Int?) in
                    var one = TestClient(port: port)
                    let two = TestClient(port: port)
                    let first = one?.roundTrip()?.status
                    let second = two?.roundTrip()?.status
                    let three = TestClient(port: port)
                    let response = three?.readResponse()
                    let closed = three?.isClosedByPeer(within: 5) ?? false
                    one = nil // frees a slot once the server notices
                    var afterRelease: Int?
                    let deadline = Date(timeIntervalSinceNow: 5)
                    while afterRelease != 200 && Date() < deadline {
                        afterRelease = TestClient(port: port)?.roundTrip()?.status
                        if afterRelease != 200 { usleep(20_000) }
                    }
                    _ = one
                    return (first, second, response?.status, response?.header("Retry-After"),
                            response?.header("Connection"), closed, afterRelease)
                }
            #expect(first == 200)
            #expect(second == 200)
            #expect(rejected == 503)
            #expect(retryAfter == "1")
            #expect(connection == "close")
            #expect(rejectedClosed)
            #expect(afterRelease == 200)
            #expect(server.reasons.contains("too many connections"))
            await server.stop()
        }
    }
}
