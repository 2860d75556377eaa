import Dispatch
import Locking

/// The result of a job run on a worker thread, for a thread that waits for it.
final class SyncOutcome<T: Sendable>: Sendable {
    private let result = Locked<Result<T, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Stores the result and wakes the waiting thread.
    func finish(_ outcome: Result<T, any Error>) {
        result.withLock { $0 = outcome }
        done.signal()
    }

    /// Blocks until ``finish(_:)`` ran and returns its result.
    func wait() -> Result<T, any Error> {
        done.wait()
        // finish(_:) always stores before signalling.
        return result.withLock { $0! }
    }
}
