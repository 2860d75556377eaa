import SQLiteStore

/// One write transaction's view of the changes feed, for the feed's watcher: it reads the
/// stored days (``reader``) and its own marks, and appends what it saw happen, all in one
/// transaction, so an event and the mark that says it was emitted commit together and a
/// crash between them cannot emit it twice. A writer exists only inside
/// ``SampleStore/changeFeed(_:)``, on the writer connection's thread.
public final class ChangeFeedWriter {
    let db: Database
    /// Entries appended so far in this transaction.
    public private(set) var appended = 0

    init(_ db: Database) { self.db = db }

    /// The stored data, read inside this transaction.
    public var reader: StoreReader { StoreReader(db) }

    /// Appends `drafts` at `nowMs` and queues them for the subscriptions that want them.
    public func append(_ drafts: [ChangeDraft], nowMs: Int64) throws {
        try ChangeFeed.append(drafts, nowMs: nowMs, db: db)
        appended += drafts.count
    }

    /// The feed's bounds.
    public func bounds() throws -> ChangeFeed.Bounds { try ChangeFeed.bounds(db) }

    /// Up to `limit` entries after position `after`, oldest first.
    public func entries(after: Int64, limit: Int) throws -> [ChangeEntry] {
        try ChangeFeed.entries(after: after, limit: limit, db: db)
    }

    /// Prunes entries older than `cutoffMs` (``ChangeFeed/retentionMs`` back, normally); how many went.
    @discardableResult
    public func prune(beforeMs cutoffMs: Int64, nowMs: Int64) throws -> Int {
        try ChangeFeed.prune(beforeMs: cutoffMs, nowMs: nowMs, db: db)
    }

    /// The value of mark (`kind`, `key`), or nil.
    public func mark(_ kind: String, _ key: String) throws -> Int64? {
        try ChangeMarks.value(kind: kind, key: key, db: db)
    }

    /// Every mark of `kind`, by key.
    public func marks(_ kind: String) throws -> [ChangeMarks.Mark] {
        try ChangeMarks.all(kind: kind, db: db)
    }

    /// Sets mark (`kind`, `key`) to `value` at `atMs`.
    public func setMark(_ kind: String, _ key: String, value: Int64, atMs: Int64) throws {
        try ChangeMarks.set(kind: kind, key: key, value: value, atMs: atMs, db: db)
    }

    /// Removes mark (`kind`, `key`).
    public func removeMark(_ kind: String, _ key: String) throws {
        try ChangeMarks.remove(kind: kind, key: key, db: db)
    }

    /// Removes the marks of `kind` last set before `cutoffMs`; how many.
    @discardableResult
    public func pruneMarks(_ kind: String, beforeMs cutoffMs: Int64) throws -> Int {
        try ChangeMarks.prune(kind: kind, beforeMs: cutoffMs, db: db)
    }

    /// The sources followed for silence.
    public func watchedSources() throws -> [WatchedSource] { try WatchedSource.all(db) }

    /// Stores a followed source.
    public func save(_ source: WatchedSource) throws { try WatchedSource.save(source, db: db) }

    /// The latest arrival of every named source that syncs, by normalised name.
    public func sourceArrivals() throws -> [(key: String, name: String, lastArrivalMs: Int64)] {
        try WatchedSource.arrivals(db)
    }
}

extension SampleStore {
    /// Runs `body` in one write transaction with the feed's writer; rings ``changeBell``
    /// after the commit when it appended anything, so webhook dispatch looks at once.
    public func changeFeed<T: Sendable>(_ body: @escaping @Sendable (ChangeFeedWriter) throws -> T) async throws -> T {
        let (result, appended) = try await pool.write { db in
            let writer = ChangeFeedWriter(db)
            return (try body(writer), writer.appended)
        }
        if appended > 0 { changeBell.ring() }
        return result
    }

    /// Blocking ``changeFeed(_:)`` for a companion's own thread (never the cooperative pool).
    public func changeFeedSync<T: Sendable>(_ body: @escaping @Sendable (ChangeFeedWriter) throws -> T) throws -> T {
        let (result, appended) = try pool.writeSync { db in
            let writer = ChangeFeedWriter(db)
            return (try body(writer), writer.appended)
        }
        if appended > 0 { changeBell.ring() }
        return result
    }

    /// Up to `limit` entries after position `after` (none when nil: a first call learns
    /// the current position) and the feed's bounds, from one snapshot.
    public func changes(after: Int64?, limit: Int) async throws -> ChangeFeed.Page {
        try await pool.read { db in
            guard let after else { return ChangeFeed.Page(entries: [], bounds: try ChangeFeed.bounds(db), hasMore: false) }
            return try ChangeFeed.page(after: after, limit: limit, db: db)
        }
    }
}
