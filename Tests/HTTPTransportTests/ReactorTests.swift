import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTPTransport

extension SocketTests {
    @Suite("Reactor")
    struct ReactorTests {
        /// A connected pair of non-blocking local sockets.
        private func socketPair() throws -> (Int32, Int32) {
            var fds: [Int32] = [-1, -1]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &fds) == 0)
            return (fds[0], fds[1])
        }

        @Test func readinessTimeoutAndEdgeMemory() async throws {
            let reactor = try Reactor()
            let (a, b) = try socketPair()
            defer { close(a); close(b) }
            let token = try reactor.register(a)
            // The initial edge reports the socket writable.
            #expect(await reactor.wait(token, for: .write, until: .after(seconds: 1)) == .ready)

            let started = Date()
            #expect(await reactor.wait(token, for: .read, until: .after(seconds: 0.3)) == .timedOut)
            let elapsed = Date().timeIntervalSince(started)
            #expect(elapsed >= 0.25 && elapsed < 2)

            let waiter = Task { await reactor.wait(token, for: .read, until: .after(seconds: 5)) }
            try await Task.sleep(for: .milliseconds(50))
            #expect(write(b, "x", 1) == 1)
            #expect(await waiter.value == .ready)

            // An edge that arrives while nobody waits is remembered.
            #expect(write(b, "y", 1) == 1)
            try await Task.sleep(for: .milliseconds(50))
            #expect(await reactor.wait(token, for: .read, until: .after(seconds: 0.01)) == .ready)

            reactor.stop()
            await reactor.waitUntilStopped()
        }

        @Test func interruptDeregisterAndStop() async throws {
            let reactor = try Reactor()
            let (a, b) = try socketPair()
            let (c, d) = try socketPair()
            defer { close(a); close(b); close(c); close(d) }
            let first = try reactor.register(a)
            let second = try reactor.register(c)

            let interrupted = Task { await reactor.wait(first, for: .read, until: nil) }
            try await Task.sleep(for: .milliseconds(50))
            reactor.interrupt(first)
            #expect(await interrupted.value == .interrupted)
            #expect(await reactor.wait(first, for: .read, until: nil) == .interrupted, "interruption sticks")

            let deregistered = Task { await reactor.wait(second, for: .read, until: nil) }
            try await Task.sleep(for: .milliseconds(50))
            reactor.deregister(second)
            #expect(await deregistered.value == .closed)

            // A stale token (same descriptor number, older generation) is harmless.
            let again = try reactor.register(c)
            #expect(again.generation != second.generation)
            #expect(await reactor.wait(second, for: .read, until: nil) == .closed)

            let pending = Task { await reactor.wait(again, for: .read, until: nil) }
            try await Task.sleep(for: .milliseconds(50))
            reactor.stop()
            #expect(await pending.value == .closed)
            await reactor.waitUntilStopped()
            #expect(throws: HTTPServerError.self) { _ = try reactor.register(b) }
        }
    }
}
