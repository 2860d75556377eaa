import Locking
import CSQLite
import Synchronization

/// Runs WAL checkpoints on a connection and thread of their own, so the writer never
/// stalls in one.
///
/// SQLite's automatic checkpoint runs inside the COMMIT that crosses the threshold, on
/// the writer's thread: that write waits while pages are copied into the database file
/// and synced. Here the writer's WAL hook (https://sqlite.org/c3ref/wal_hook.html) only
/// notes the WAL size and, past the threshold, queues a `PASSIVE` checkpoint on the
/// checkpointer's connection. A passive checkpoint takes no lock that writers or
/// readers wait for (https://sqlite.org/c3ref/wal_checkpoint_v2.html), so commits go on
/// while it runs.
final class Checkpointer: Sendable {
    let thresholdPages: Int
    private let workers = Locked<ConnectionWorkers?>(nil)
    private let queued = Atomic<Bool>(false)
    private let completed = Atomic<Int>(0)
    /// WAL frames the last background checkpoint left backfilled (0: none since the
    /// writer last finished one off).
    private let backfilled = Atomic<Int>(0)

    /// WAL length (pages) from which the writer finishes a checkpoint itself so that the
    /// log restarts; a fixed cost (two syncs) per restart, so not too often.
    let restartPages: Int

    init(thresholdPages: Int) {
        self.thresholdPages = max(1, thresholdPages)
        restartPages = 4 * self.thresholdPages
    }

    /// The thread and connection checkpoints run on (set once both exist).
    func attach(_ workers: ConnectionWorkers) {
        self.workers.withLock { $0 = workers }
    }

    /// Called by the writer's WAL hook after each commit with the WAL's size in pages.
    func walGrew(toPages pages: Int) {
        guard pages >= thresholdPages else { return }
        // One checkpoint queued at a time; commits during it just note the size.
        guard !queued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let accepted = workers.withLock { workers in
            workers?.queue.enqueue { [self] db in
                var log: Int32 = 0, done: Int32 = 0
                if sqlite3_wal_checkpoint_v2(db.handle, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &done) == SQLITE_OK {
                    backfilled.store(Int(max(0, done)), ordering: .relaxed)
                }
                completed.add(1, ordering: .relaxed)
                queued.store(false, ordering: .releasing)
            } ?? false
        }
        if !accepted { queued.store(false, ordering: .releasing) }
    }

    /// Whether the writer should checkpoint the rest of the WAL itself, right after the
    /// commit that left it `pages` long.
    ///
    /// A passive checkpoint copies the frames that were in the WAL when it began; while it
    /// runs, the writer appends more. Under steady writes the background checkpoint thus
    /// never catches up, SQLite never restarts the log (it does so only at the first
    /// write after every frame was backfilled), and the `-wal` file grows without bound:
    /// every commit then appends to fresh file blocks, which the file system allocates and
    /// zero-fills, instead of overwriting blocks already in the page cache. So once a
    /// background checkpoint has done the bulk of a WAL of `restartPages`, the writer
    /// copies the remaining tail (at most `thresholdPages` frames) while no commit can add
    /// to it, and the next write starts the WAL over from its beginning: the file keeps
    /// its size and later cycles overwrite its blocks.
    func writerShouldFinish(atPages pages: Int) -> Bool {
        guard pages >= restartPages, !queued.load(ordering: .acquiring) else { return false }
        let done = backfilled.load(ordering: .relaxed)
        return done > 0 && done <= pages && pages - done <= thresholdPages
    }

    /// Called after the writer's own checkpoint: the next cycle starts from scratch.
    func writerFinished() {
        backfilled.store(0, ordering: .relaxed)
    }

    /// Checkpoints run so far (for tests).
    var completedCount: Int { completed.load(ordering: .relaxed) }
}
