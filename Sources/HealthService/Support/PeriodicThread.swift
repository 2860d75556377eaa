import Dispatch
import Foundation
import Locking

/// Runs `work` on a thread of its own now and then every `interval` seconds (sooner after
/// ``wake()``) until ``stop()``, which returns once the thread has finished. The work may
/// block: it never runs on the cooperative pool.
final class PeriodicThread: Sendable {
    private struct State {
        var started = false
        var stopping = false
        var finished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    let name: String
    let interval: Double
    private let work: @Sendable () -> Void
    private let semaphore = DispatchSemaphore(value: 0)
    private let state = Locked(State())

    init(name: String, interval: Double, work: @escaping @Sendable () -> Void) {
        self.name = name
        self.interval = interval
        self.work = work
    }

    /// Starts the thread; again, or after ``stop()``, does nothing.
    func start() {
        let go = state.withLock { state -> Bool in
            guard !state.started, !state.stopping else { return false }
            state.started = true
            return true
        }
        guard go else { return }
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Runs the work soon instead of at the next interval.
    func wake() {
        semaphore.signal()
    }

    /// Stops the thread after the work in progress; returns once it has finished.
    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                state.stopping = true
                if state.finished || !state.started {
                    state.finished = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() } else { semaphore.signal() }
        }
    }

    private func run() {
        while !state.withLock({ $0.stopping }) {
            work()
            let milliseconds = Int(min(max(interval, 0.001), 3_600) * 1000)
            _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
            // Wakes that arrived meanwhile are served by the next round.
            while semaphore.wait(timeout: .now()) == .success {}
        }
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.finished = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
