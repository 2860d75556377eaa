import Foundation
import Synchronization

/// One writer connection and `readerCount` reader connections on a WAL database.
///
/// In WAL mode readers never block the writer and the writer never blocks
/// readers; each read transaction sees the snapshot that was committed when
/// it started (https://sqlite.org/wal.html#concurrency). SQLite allows one
/// writer at a time, so the pool funnels every write through one connection
/// on one thread, in FIFO order, instead of letting connections race for the
/// write lock and spin in the busy handler.
///
/// Every connection lives on a dedicated thread; `async` callers suspend on a
/// continuation until their job ran, so no SQLite call blocks Swift's
/// cooperative thread pool.
public final class DatabasePool: Sendable {
    /// The database file.
    public let path: String
    /// The settings the connections were opened with.
    public let configuration: DatabaseConfiguration

    private let writer: ConnectionWorkers
    private let readers: ConnectionWorkers
    /// The background checkpointer, when configured.
    let checkpointer: Checkpointer?
    private let checkpointWorkers: ConnectionWorkers?
    /// Makes writes durable before they return, under ``Durability/groupSync``.
    let syncer: WALSyncer?
    /// Must outlive the writer connection, whose WAL hook points at it.
    private let walHook: WALHook
    /// Read jobs submitted so far; see ``readJobCount``.
    private let readJobs = Atomic<Int>(0)

    /// Opens (creating if needed) the database at `path`, its parent
    /// directory included, with one writer and `configuration.readerCount`
    /// readers. Blocks while the connections open.
    ///
    /// `":memory:"` and other non-file databases are not supported: each
    /// connection would see its own private database. Use a temporary file.
    public init(path: String, configuration: DatabaseConfiguration = .init()) throws {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else {
            throw SQLiteError(
                extendedCode: SQLiteError.misuse,
                message: "DatabasePool needs a file path, got \"\(path)\"")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SQLiteError(
                extendedCode: SQLiteError.cantOpen,
                message: "cannot create directory \(directory.path): \(error)")
        }
        self.path = path
        self.configuration = configuration

        // The writer opens first: it creates the file and switches it to WAL,
        // which read-only connections cannot do themselves.
        let checkpointer = configuration.checkpointInBackground
            ? Checkpointer(thresholdPages: configuration.walAutocheckpointPages) : nil
        let syncer = configuration.durability == .groupSync ? WALSyncer(databasePath: path) : nil
        let walHook = WALHook(checkpointer: checkpointer, syncer: syncer,
                              autocheckpointPages: configuration.walAutocheckpointPages)
        let writer: ConnectionWorkers
        do {
            writer = try ConnectionWorkers(name: "write", count: 1) {
                let database = try Database(path: path, role: .writer, configuration: configuration)
                walHook.install(on: database)
                return database
            }
        } catch {
            syncer?.shutdown(wait: true)
            throw error
        }
        var checkpointWorkers: ConnectionWorkers?
        do {
            readers = try ConnectionWorkers(name: "read", count: max(1, configuration.readerCount)) {
                try Database(path: path, role: .reader, configuration: configuration)
            }
            if let checkpointer {
                // A read-write connection that never writes data: it only copies WAL
                // frames back into the database file.
                let workers = try ConnectionWorkers(name: "ckpt", count: 1) {
                    try Database(path: path, role: .writer, configuration: configuration)
                }
                checkpointer.attach(workers)
                checkpointWorkers = workers
            }
        } catch {
            writer.shutdown(wait: true)
            syncer?.shutdown(wait: true)
            throw error
        }
        self.writer = writer
        self.checkpointer = checkpointer
        self.checkpointWorkers = checkpointWorkers
        self.syncer = syncer
        self.walHook = walHook
    }

    deinit {
        // Do not join here: the last reference may be dropped on a worker
        // thread, which cannot wait for itself. Queued jobs still finish and
        // the threads close their connections as they exit.
        readers.shutdown(wait: false)
        checkpointWorkers?.shutdown(wait: false)
        writer.shutdown(wait: false)
        syncer?.shutdown(wait: false)
    }

    // MARK: Async access

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction on the writer thread:
    /// COMMIT when it returns, ROLLBACK when it throws (the error is rethrown).
    /// Writes run one at a time, in the order they were submitted, and return once
    /// durable as the configuration's ``Durability`` says.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await perform(on: writer, thenAwait: syncer) { db in try db.inTransaction(.immediate, body) }
    }

    /// Runs `body` on the writer thread outside any transaction, for work
    /// that manages its own transactions (migrations) or cannot run inside
    /// one (`VACUUM`, `PRAGMA wal_checkpoint`). A transaction `body` leaves
    /// open is rolled back, so it cannot leak into the next job.
    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await perform(on: writer, thenAwait: syncer) { db in
            defer { db.rollbackIfNeeded() }  // never leak a transaction to the next job
            return try body(db)
        }
    }

    /// Runs `body` on a free reader thread inside a read transaction
    /// (`BEGIN DEFERRED` … `COMMIT`), so all its queries see one snapshot.
    /// Readers are read-only connections: any write fails with `SQLITE_READONLY`.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        readJobs.add(1, ordering: .relaxed)
        return try await perform(on: readers) { db in try db.inTransaction(.deferred, body) }
    }

    /// How many read jobs (``read(_:)`` and ``readSync(_:)`` calls, each one read
    /// transaction) were submitted since the pool opened. One relaxed atomic add per read,
    /// so callers can check cheaply that a piece of work takes exactly one snapshot.
    public var readJobCount: Int { readJobs.load(ordering: .relaxed) }

    /// Runs `body` on one of `workers`; with a `syncer`, the result is delivered once
    /// the syncer has made the job's commits durable, while the worker goes on.
    private func perform<T: Sendable>(
        on workers: ConnectionWorkers,
        thenAwait syncer: WALSyncer? = nil,
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        // An unsafe continuation skips the checked variant's bookkeeping; the
        // job resumes it exactly once, and so does the rejection path.
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<T, any Error>) in
            let accepted = workers.queue.enqueue(Self.job(body, thenAwait: syncer) { continuation.resume(with: $0) })
            if !accepted {
                continuation.resume(throwing: closedError)
            }
        }
    }

    // MARK: Blocking access

    /// Blocking ``write(_:)`` for code outside Swift concurrency, such as
    /// command-line tools. Must not be called from an async task (it would
    /// block a cooperative thread) nor from inside another pool closure (it
    /// would wait for itself).
    public func writeSync<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) throws -> T {
        try performSync(on: writer, thenAwait: syncer) { db in try db.inTransaction(.immediate, body) }
    }

    /// Blocking ``writeWithoutTransaction(_:)``; the same restrictions as ``writeSync(_:)``.
    public func writeWithoutTransactionSync<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) throws -> T {
        try performSync(on: writer, thenAwait: syncer) { db in
            defer { db.rollbackIfNeeded() }
            return try body(db)
        }
    }

    /// Blocking ``read(_:)``; the same restrictions as ``writeSync(_:)``.
    public func readSync<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) throws -> T {
        readJobs.add(1, ordering: .relaxed)
        return try performSync(on: readers) { db in try db.inTransaction(.deferred, body) }
    }

    /// Starts ``readSync(_:)``'s job on a reader connection and returns at once: the
    /// answer's ``PendingRead/wait()`` gives its result. For blocking code with other work
    /// to do meanwhile; the same restrictions as ``readSync(_:)``, and every started read
    /// must be waited for.
    public func startRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) throws -> PendingRead<T> {
        readJobs.add(1, ordering: .relaxed)
        return PendingRead(outcome: try enqueueSync(on: readers) { db in try db.inTransaction(.deferred, body) })
    }

    private func performSync<T: Sendable>(
        on workers: ConnectionWorkers,
        thenAwait syncer: WALSyncer? = nil,
        _ body: @escaping @Sendable (Database) throws -> T
    ) throws -> T {
        try enqueueSync(on: workers, thenAwait: syncer, body).wait().get()
    }

    /// Queues `body` on `workers` for a thread that will wait for its outcome.
    private func enqueueSync<T: Sendable>(
        on workers: ConnectionWorkers,
        thenAwait syncer: WALSyncer? = nil,
        _ body: @escaping @Sendable (Database) throws -> T
    ) throws -> SyncOutcome<T> {
        // Waiting for a job that only this thread (or its siblings, all
        // possibly doing the same) could run would never return.
        guard !workers.isCurrentThread else {
            throw SQLiteError(
                extendedCode: SQLiteError.misuse,
                message: "a blocking pool call from inside a job of the same kind would deadlock")
        }
        let outcome = SyncOutcome<T>()
        let accepted = workers.queue.enqueue(Self.job(body, thenAwait: syncer) { outcome.finish($0) })
        guard accepted else { throw closedError }
        return outcome
    }

    /// The job that runs `body` and hands its result to `deliver`: at once, or with a
    /// `syncer` once the job's commits are durable. A failed sync replaces the result,
    /// because the commit may not be on disk.
    private static func job<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T,
        thenAwait syncer: WALSyncer?,
        deliver: @escaping @Sendable (Result<T, any Error>) -> Void
    ) -> JobQueue.Job {
        { db in
            let result = Result { try body(db) }
            guard let syncer else { return deliver(result) }
            syncer.whenDurable { synced in
                if case .failure(let error) = synced { deliver(.failure(error)) } else { deliver(result) }
            }
        }
    }

    // MARK: Closing

    /// Finishes the jobs already queued, finalizes cached statements, runs
    /// `PRAGMA optimize` on the writer, closes every connection
    /// (`sqlite3_close_v2`) and joins the threads. Later calls to `read` and
    /// `write` throw an `SQLITE_MISUSE` error; calling `close()` again does
    /// nothing. Called from inside a pool closure it cannot wait for its own
    /// thread, so it returns without joining that one.
    public func close() {
        // Readers first: the last connection to close checkpoints the WAL and
        // removes the -wal and -shm files (https://sqlite.org/wal.html#the_wal_file),
        // and that should be the writer.
        readers.shutdown(wait: true)
        checkpointWorkers?.shutdown(wait: true)
        writer.shutdown(wait: true)
        // Last: the writer's final jobs may still be waiting for a sync.
        syncer?.shutdown(wait: true)
    }

    /// How long the writer has been running its current job, in seconds; 0 while it is
    /// idle. A figure that keeps growing means a stuck write (readiness checks it), and
    /// reading it never waits for the writer.
    public var writerJobRunningSeconds: Double {
        Double(writer.longestRunningJobNanoseconds()) / 1e9
    }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { writer.queue.isClosed }

    private var closedError: SQLiteError {
        SQLiteError(extendedCode: SQLiteError.misuse, message: "the database pool at \(path) is closed")
    }
}
