import CSQLite

/// The writer connection's WAL hook (https://sqlite.org/c3ref/wal_hook.html), which
/// SQLite calls after every commit that wrote frames. A connection has one hook, so this
/// one tells both the background checkpointer (the WAL's size) and the group syncer (one
/// more commit to make durable).
///
/// SQLite's automatic checkpoint is itself a WAL hook, which any other hook replaces
/// (https://sqlite.org/c3ref/wal_autocheckpoint.html). Without a background
/// checkpointer this hook therefore checkpoints in the writer past the same threshold,
/// as the automatic one would.
final class WALHook: Sendable {
    let checkpointer: Checkpointer?
    let syncer: WALSyncer?
    /// WAL pages past which the writer checkpoints inline, when there is no checkpointer.
    let inlineCheckpointPages: Int

    init(checkpointer: Checkpointer?, syncer: WALSyncer?, autocheckpointPages: Int) {
        self.checkpointer = checkpointer
        self.syncer = syncer
        inlineCheckpointPages = autocheckpointPages
    }

    /// Installs the hook on `database`, unless SQLite's own automatic checkpoint is all it
    /// needs. The hook holds an unretained pointer: the pool keeps this object alive for as
    /// long as the writer connection is open.
    func install(on database: Database) {
        guard checkpointer != nil || syncer != nil else { return }
        sqlite3_wal_hook(database.handle, { context, connection, name, pages in
            let hook = Unmanaged<WALHook>.fromOpaque(context!).takeUnretainedValue()
            hook.syncer?.noteCommit()
            if let checkpointer = hook.checkpointer {
                if checkpointer.writerShouldFinish(atPages: Int(pages)) {
                    // The tail the background checkpoint could not reach; with nothing
                    // left to backfill the next write restarts the WAL (see Checkpointer).
                    _ = sqlite3_wal_checkpoint_v2(connection, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                    checkpointer.writerFinished()
                } else {
                    checkpointer.walGrew(toPages: Int(pages))
                }
            } else if hook.inlineCheckpointPages > 0, Int(pages) >= hook.inlineCheckpointPages {
                // What SQLite's default hook does; its result is not the commit's concern.
                _ = sqlite3_wal_checkpoint(connection, name)
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
