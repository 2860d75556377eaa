import Locking

/// Wakes the bridge's loop: any number of rings while it is busy make one wake-up, which is
/// how a burst of ingests becomes one publish.
final class RefreshSignal: Sendable {
    private struct State {
        var pending = false
        var closed = false
        var waiter: CheckedContinuation<Bool, Never>?
    }

    private let state = Locked(State())

    /// Wakes the waiter, or leaves one wake-up for the next ``next()``.
    func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.closed else { return nil }
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: true)
    }

    /// Suspends until a ring (true) or ``close()`` (false). One caller at a time.
    func next() async -> Bool {
        await withCheckedContinuation { continuation in
            let answer = state.withLock { state -> Bool? in
                if state.closed { return false }
                if state.pending {
                    state.pending = false
                    return true
                }
                state.waiter = continuation
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Ends the waiting for good: the waiter and every later ``next()`` get false.
    func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: false)
    }
}
