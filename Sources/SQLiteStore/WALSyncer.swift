import Locking
import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes commits durable in groups, so the writer never waits for the disk.
///
/// Under `synchronous=FULL` SQLite syncs the WAL inside every COMMIT, on the writer's
/// thread: the next transaction cannot start until the disk has flushed. With
/// ``Durability/groupSync`` the writer commits at `synchronous=NORMAL` and hands the
/// caller's completion to this syncer instead. Its thread takes every completion waiting
/// at that moment, calls `fdatasync(2)` on the `-wal` file once, and then releases them
/// all. Meanwhile the writer is already running the next transaction, and one flush
/// serves every commit that queued during the previous one.
///
/// Why syncing the WAL file is enough: recovery replays the WAL from its header up to the
/// last valid commit frame (https://sqlite.org/walformat.html#recovery). Every frame up
/// to a commit, header included, was written before the COMMIT returned, so a sync that
/// begins afterwards makes the whole prefix durable. Under NORMAL SQLite still syncs the
/// header whenever it restarts the log, and the WAL and the database around every
/// checkpoint, so frames that leave the WAL are durable in the database first.
///
/// Only the reply waits: readers see a commit as soon as COMMIT returns, a moment before
/// it is durable, as they would under NORMAL.
///
/// A failed flush is final: every later write fails with the same error until the pool is
/// opened again. After a failed `fsync` Linux may mark the unwritten pages clean, so a
/// later successful flush would not prove they reached the disk
/// (https://wiki.postgresql.org/wiki/Fsync_Errors); refusing writes is the honest answer.
///
/// Commits are counted by the writer's WAL hook. A write that finds every counted commit
/// already covered by a finished sync returns at once: it committed nothing new and read
/// nothing that is not durable.
final class WALSyncer: Sendable {
    /// Called once with the outcome of the sync that covers a commit.
    typealias Completion = @Sendable (Result<Void, SQLiteError>) -> Void

    private struct State {
        var waiting: [Completion] = []
        var isClosed = false
    }

    /// The `-wal` file of the database.
    let walPath: String
    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)
    private let exited = DispatchGroup()
    /// Commits that wrote WAL frames, counted by the writer's WAL hook.
    private let committed = Atomic<Int>(0)
    /// The value of `committed` read just before the last successful sync began.
    private let durable = Atomic<Int>(0)
    private let completedSyncs = Atomic<Int>(0)
    /// The first failed flush, after which nothing is acknowledged.
    private let failure = Locked<SQLiteError?>(nil)

    init(databasePath: String) {
        walPath = databasePath + "-wal"
        exited.enter()
        let thread = Thread { [self] in
            defer { exited.leave() }
            run()
        }
        thread.name = "sqlite.sync"
        thread.start()
    }

    /// Called by the writer's WAL hook after each commit.
    func noteCommit() {
        committed.add(1, ordering: .sequentiallyConsistent)
    }

    /// Calls `completion` once every commit counted so far is on disk: at once when a
    /// finished sync already covers them, otherwise on the syncer's thread after the next
    /// sync. After ``shutdown(wait:)`` the sync runs on the calling thread.
    func whenDurable(_ completion: @escaping Completion) {
        if let failure = failure.withLock({ $0 }) {
            completion(.failure(failure))
            return
        }
        let target = committed.load(ordering: .sequentiallyConsistent)
        if durable.load(ordering: .sequentiallyConsistent) >= target {
            completion(.success(()))
            return
        }
        let queued = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            state.waiting.append(completion)
            return true
        }
        if queued {
            wake.signal()
        } else {
            var file = WALFile(path: walPath)
            completion(flush(&file))
            file.close()
        }
    }

    /// Syncs finished so far (for tests).
    var syncCount: Int { completedSyncs.load(ordering: .relaxed) }

    /// Lets the waiting completions finish and stops the thread; joins it when `wait`.
    func shutdown(wait: Bool) {
        let closedNow = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            state.isClosed = true
            return true
        }
        guard closedNow else { return }
        wake.signal()
        if wait { exited.wait() }
    }

    private func run() {
        var file = WALFile(path: walPath)
        defer { file.close() }
        while true {
            wake.wait()
            // Taking the batch and the closed flag together: once closed, nothing more is
            // queued, so this batch is the last.
            let (batch, isClosed) = state.withLock { state in
                defer { state.waiting.removeAll(keepingCapacity: true) }
                return (state.waiting, state.isClosed)
            }
            if !batch.isEmpty {
                // Every completion in the batch was queued after its commit was counted,
                // so this read covers all of them.
                let target = committed.load(ordering: .sequentiallyConsistent)
                let result = flush(&file)
                if case .success = result {
                    durable.store(target, ordering: .sequentiallyConsistent)
                    completedSyncs.add(1, ordering: .relaxed)
                }
                for completion in batch { completion(result) }
            }
            if isClosed { return }
        }
    }

    /// Syncs `file`, unless an earlier flush failed; records the first failure.
    private func flush(_ file: inout WALFile) -> Result<Void, SQLiteError> {
        if let failure = failure.withLock({ $0 }) { return .failure(failure) }
        let result = file.sync()
        if case .failure(let error) = result {
            failure.withLock { if $0 == nil { $0 = error } }
        }
        return result
    }
}

/// A read-only descriptor of the `-wal` file, used only to flush it. On Linux
/// `fdatasync(2)` flushes the file's data whichever descriptor names it.
private struct WALFile {
    let path: String
    private var descriptor: Int32 = -1
    private var identity: (device: UInt64, inode: UInt64) = (0, 0)

    init(path: String) {
        self.path = path
    }

    /// Flushes the file's data to disk, reopening it if the file at `path` was replaced.
    mutating func sync() -> Result<Void, SQLiteError> {
        var status = stat()
        guard stat(path, &status) == 0 else {
            // No WAL file: the last connection checkpointed it into the database, synced
            // that and removed it (https://sqlite.org/wal.html#the_wal_file).
            if errno == ENOENT { close(); return .success(()) }
            return .failure(failure("stat"))
        }
        let current = (device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        if descriptor < 0 || current != identity {
            close()
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { return .success(()) }
                return .failure(failure("open"))
            }
            identity = current
        }
        while fdatasync(descriptor) != 0 {
            if errno == EINTR { continue }
            return .failure(failure("fdatasync"))
        }
        return .success(())
    }

    mutating func close() {
        if descriptor >= 0 { closeDescriptor(descriptor) }
        descriptor = -1
    }

    private func failure(_ call: String) -> SQLiteError {
        let reason = String(cString: strerror(errno))
        return SQLiteError(extendedCode: SQLiteError.ioErrorFsync, message: "\(call) of \(path) failed: \(reason)")
    }
}

/// `close(2)`, under a name the struct's own `close()` does not shadow.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
