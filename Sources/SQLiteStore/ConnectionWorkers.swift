import Dispatch
import Foundation
import Locking

/// A group of dedicated threads, each owning one connection, that run jobs
/// from one shared ``JobQueue``.
///
/// `sqlite3_step` blocks on disk I/O and locks, so it must never run on
/// Swift's cooperative thread pool, whose few threads would starve. Each
/// connection is opened, used and closed on its own thread, which is the
/// confinement `SQLITE_OPEN_NOMUTEX` relies on (https://sqlite.org/threadsafe.html).
final class ConnectionWorkers: Sendable {
    /// Prefix of the worker thread names (`sqlite.write`, `sqlite.read.0`, …),
    /// visible in debuggers, `top -H` and `Thread.current.name`. Linux limits
    /// thread names to 15 bytes, hence the short names.
    static let threadNamePrefix = "sqlite."

    let queue = JobQueue()
    let count: Int
    private let exited = DispatchGroup()
    /// When each busy worker's current job started (monotonic nanoseconds), by worker
    /// index; idle workers have no entry. Read by ``longestRunningJobNanoseconds()`` so a
    /// readiness probe can tell a stuck connection without queueing behind it.
    private let running = Locked<[Int: UInt64]>([:])

    /// Starts `count` threads. Each opens its connection with `open` on its
    /// own thread; this returns once all are open, or throws the first
    /// failure after stopping the threads already started.
    init(name: String, count: Int, open: @escaping @Sendable () throws -> Database) throws {
        self.count = count
        for index in 0..<count {
            let opened = SyncOutcome<Void>()
            let threadName = count == 1
                ? "\(Self.threadNamePrefix)\(name)"
                : "\(Self.threadNamePrefix)\(name).\(index)"
            exited.enter()
            let queue = self.queue
            let exited = self.exited
            let running = self.running
            let identity = WorkerIdentity(name: threadName, group: ObjectIdentifier(self))
            let thread = Thread {
                defer { exited.leave() }
                identity.mark {
                    let database: Database
                    do {
                        database = try open()
                        opened.finish(.success(()))
                    } catch {
                        opened.finish(.failure(error))
                        return
                    }
                    while let job = queue.next() {
                        let started = DispatchTime.now().uptimeNanoseconds
                        running.withLock { $0[index] = started }
                        job(database)
                        running.withLock { _ = $0.removeValue(forKey: index) }
                    }
                    database.close()
                }
            }
            thread.name = threadName
            thread.start()
            if case .failure(let error) = opened.wait() {
                // Threads already running hold open connections: stop them.
                queue.close(workerCount: index)
                exited.wait()
                throw error
            }
        }
    }

    /// How long the longest-running current job has been running, in nanoseconds; 0 when
    /// every worker is idle.
    func longestRunningJobNanoseconds() -> UInt64 {
        let now = DispatchTime.now().uptimeNanoseconds
        return running.withLock { $0.values.min() }.map { now > $0 ? now - $0 : 0 } ?? 0
    }

    /// Whether the calling thread is one of these workers.
    var isCurrentThread: Bool {
        WorkerIdentity.current?.group == ObjectIdentifier(self)
    }

    /// Stops accepting jobs, lets queued jobs finish, closes the connections
    /// and, when `wait` is true, joins the threads. Returns false if already
    /// shut down.
    @discardableResult
    func shutdown(wait: Bool) -> Bool {
        guard queue.close(workerCount: count) else { return false }
        // A worker cannot wait for itself to exit.
        if wait, !isCurrentThread { exited.wait() }
        return true
    }
}
