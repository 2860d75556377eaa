import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import HTTPTransport

extension SocketTests {
    @Suite("Signal watcher")
    struct SignalWatcherTests {
        @Test func deliversWatchedSignals() async throws {
            let received = Counter()
            let watcher = SignalWatcher(signals: [SIGUSR2]) { number in
                if number == SIGUSR2 { received.increment() }
            }
            kill(getpid(), SIGUSR2)
            let deadline = Date(timeIntervalSinceNow: 5)
            while received.value == 0 && Date() < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(received.value == 1)
            watcher.cancel()
            // Still caught after cancel, so the default action (terminate) does not happen.
            kill(getpid(), SIGUSR2)
            try await Task.sleep(for: .milliseconds(100))
            #expect(received.value == 1)
        }
    }
}
