import Dispatch
import Locking

/// A FIFO of connection jobs shared by one or more worker threads.
///
/// A lock guards the pending jobs; a counting semaphore holds one permit
/// per pending job (or stop marker), so idle workers sleep in the kernel
/// instead of polling. Whichever worker wakes first takes the oldest job,
/// which is how any free reader picks up the next read.
final class JobQueue: Sendable {
    /// A unit of work run on a worker thread with that thread's connection.
    typealias Job = @Sendable (Database) -> Void

    private struct State {
        var pending: [Job?] = []  // nil tells one worker to stop
        var head = 0
        var isClosed = false

        mutating func popFirst() -> Job?? {
            guard head < pending.count else { return .none }
            let job = pending[head]
            pending[head] = nil
            head += 1
            // Compact now and then so the array does not grow forever.
            if head >= 64, head * 2 >= pending.count {
                pending.removeFirst(head)
                head = 0
            }
            return .some(job)
        }
    }

    private let state = Locked(State())
    private let available = DispatchSemaphore(value: 0)

    /// Appends a job; returns false when the queue no longer accepts work.
    func enqueue(_ job: @escaping Job) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            state.pending.append(job)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Blocks until a job is available. Returns nil when the worker should stop.
    func next() -> Job? {
        available.wait()
        return state.withLock { state -> Job? in
            // Each permit matches exactly one appended element.
            guard let element = state.popFirst() else { return nil }
            return element
        }
    }

    /// Refuses new jobs and queues one stop marker per worker behind the jobs
    /// already accepted, so those still run. Returns false if already closed.
    @discardableResult
    func close(workerCount: Int) -> Bool {
        let closedNow = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            state.isClosed = true
            state.pending.append(contentsOf: repeatElement(nil, count: workerCount))
            return true
        }
        if closedNow {
            for _ in 0..<workerCount { available.signal() }
        }
        return closedNow
    }

    /// Whether the queue has been closed.
    var isClosed: Bool { state.withLock { $0.isClosed } }
}
