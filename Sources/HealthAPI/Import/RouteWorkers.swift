import Foundation
import HealthFormats
import HealthStore

/// Reads workouts' route files on threads of their own while the importer goes on: an
/// export lists its workouts last, and their GPX files are a third of its bytes, so read
/// one after another they leave the machine's other core idle at the end of an import.
///
/// The reading thread submits each workout that names a route file and passes the
/// returned ``Job`` on in its chunk; the importing thread waits for it when it takes the
/// workout, so workouts are stored in the file's order whatever order their routes were
/// read in. How many jobs exist at once is bounded by the reading side (a chunk is sent
/// after ``AppleHealthImporter/routesPerChunk`` of them), so memory holds a few routes.
///
/// `@unchecked Sendable`: `queue`, `stopped` and `threads` are read and written only
/// while `condition` is locked; a job's result is written once by a worker before its
/// semaphore is signalled and read after `wait()` returned.
final class RouteWorkers: @unchecked Sendable {
    /// One workout whose route is being read.
    final class Job: @unchecked Sendable {
        fileprivate var workout: AppleHealthExportWorkout
        fileprivate var result: Result<AppleHealthImporter.RouteOutcome?, any Error> = .success(nil)
        private let done = DispatchSemaphore(value: 0)

        fileprivate init(_ workout: AppleHealthExportWorkout) { self.workout = workout }

        fileprivate func finish() { done.signal() }

        /// Blocks until the route is read: the workout with its route, and what was found.
        func wait() throws -> (AppleHealthExportWorkout, AppleHealthImporter.RouteOutcome?) {
            done.wait()
            return (workout, try result.get())
        }
    }

    private let source: ExportSource
    private let store: SampleStore
    private let threadCount: Int
    private let condition = NSCondition()
    private var queue: [Job] = []
    private var stopped = false
    private var threads = 0
    private let exited = DispatchSemaphore(value: 0)

    /// Workers over `source`'s route files, checking `store` for workouts stored unchanged.
    init(source: ExportSource, store: SampleStore, threads: Int = 2) {
        self.source = source
        self.store = store
        threadCount = max(1, threads)
    }

    /// Queues `workout`; its threads start with the first job.
    func submit(_ workout: AppleHealthExportWorkout) -> Job {
        let job = Job(workout)
        condition.lock()
        defer { condition.unlock() }
        queue.append(job)
        if threads < threadCount {
            threads += 1
            let thread = Thread { [self] in work() }
            thread.name = "healthd-import-route"
            thread.stackSize = 1 << 20
            thread.start()
        }
        condition.signal()
        return job
    }

    /// Ends the workers once the jobs queued are done and waits until every thread has
    /// exited (jobs not yet started end with a cancellation).
    func stop() {
        condition.lock()
        stopped = true
        let started = threads
        condition.broadcast()
        condition.unlock()
        for _ in 0..<started { exited.wait() }
    }

    private func work() {
        while let job = next() {
            do {
                job.result = .success(try AppleHealthImporter.resolveRoute(&job.workout, source: source, store: store))
            } catch {
                job.result = .failure(error)
            }
            job.finish()
        }
        exited.signal()
    }

    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !stopped { condition.wait() }
        if stopped {
            for job in queue {
                job.result = .failure(CancellationError())
                job.finish()
            }
            queue.removeAll()
            return nil
        }
        return queue.removeFirst()
    }
}
