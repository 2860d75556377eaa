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
    private let workers = Mutex<ConnectionWorkers?>(nil)
    private let queued = Atomic<Bool>(false)
    private let completed = Atomic<Int>(0)

    init(thresholdPages: Int) {
        self.thresholdPages = max(1, thresholdPages)
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
                _ = sqlite3_wal_checkpoint_v2(db.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                completed.add(1, ordering: .relaxed)
                queued.store(false, ordering: .releasing)
            } ?? false
        }
        if !accepted { queued.store(false, ordering: .releasing) }
    }

    /// Checkpoints run so far (for tests).
    var completedCount: Int { completed.load(ordering: .relaxed) }
}
