import Dispatch
import Foundation

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
            let thread = Thread {
                defer { exited.leave() }
                // Set from inside: on Linux a name assigned before start()
                // does not reach the OS thread, which would keep the name of
                // the thread that spawned it.
                Thread.current.name = threadName
                let database: Database
                do {
                    database = try open()
                    opened.finish(.success(()))
                } catch {
                    opened.finish(.failure(error))
                    return
                }
                while let job = queue.next() {
                    job(database)
                }
                database.close()
            }
            thread.start()
            if case .failure(let error) = opened.wait() {
                // Threads already running hold open connections: stop them.
                queue.close(workerCount: index)
                exited.wait()
                throw error
            }
        }
    }

    /// Queues `job`; throws when the workers were shut down.
    func submit(_ job: @escaping JobQueue.Job, closedError: @autoclosure () -> Error) throws {
        guard queue.enqueue(job) else { throw closedError() }
    }

    /// Stops accepting jobs, lets queued jobs finish, closes the connections
    /// and, when `wait` is true, joins the threads. Returns false if already
    /// shut down.
    @discardableResult
    func shutdown(wait: Bool) -> Bool {
        guard queue.close(workerCount: count) else { return false }
        if wait { exited.wait() }
        return true
    }
}
