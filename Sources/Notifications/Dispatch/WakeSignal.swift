import Dispatch

/// Wakes the dispatcher's thread early: a new outbox row, a finished attempt, a stop.
/// Signals that arrive while the thread is busy are not lost; they make the next wait
/// return at once, and one pass handles them all.
final class WakeSignal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func signal() {
        semaphore.signal()
    }

    /// Sleeps until signalled or `seconds` pass, then swallows the other pending signals.
    func wait(seconds: Double) {
        let milliseconds = Int(min(max(seconds, 0), 3_600) * 1000)
        _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
        while semaphore.wait(timeout: .now()) == .success {}
    }
}
