import HealthDomain
import HealthStore
import Notifications

/// Appends the changes that happen with time rather than with a request: a day or a night
/// that settled (``SettlingRule``), last night's readiness becoming scoreable, a source
/// that went silent or came back. Ingest and write intents append their own entries in
/// their transactions; the watcher reads those (`day.changed`) to learn which days and
/// nights to wait for.
///
/// Each ``tick(nowMs:)`` is one write transaction: what it emits and the marks that say it
/// was emitted commit together, so a restart (or a crash mid-tick) never emits a
/// transition twice nor loses one. A day revised after it settled settles, and is
/// reported, again.
public final class ChangeWatcher: Sendable {
    /// How the watcher decides.
    public struct Configuration: Sendable {
        /// The zone whose clock says when today ends (`--timezone`); nil: the most recent
        /// sample's zone, else UTC, as summaries decide.
        public var defaultZone: String?
        /// Entries read per look at the feed; a tick reads until it has caught up.
        public var readBatch = 500
        /// Seconds between prunes of the feed (entries past ``ChangeFeed/retentionMs``).
        public var pruneInterval: Double = 3_600

        /// The defaults.
        public init(defaultZone: String? = nil) {
            self.defaultZone = defaultZone
        }
    }

    /// Mark kinds in the store (``ChangeMarks``).
    enum Marks {
        /// The kind of the watcher's own position in the feed.
        static let watcher = "watcher"
        static let watchedKey = "watched"
        static let lastPruneKey = "last_prune_ms"
        /// Days and nights waiting to settle, days waiting for a readiness score; by day key.
        static let pendingDay = "pending.day"
        static let pendingNight = "pending.night"
        static let pendingReadiness = "pending.readiness"
        /// How many times each was emitted, by day key.
        static let emittedDay = "emitted.day"
        static let emittedNight = "emitted.night"
        static let emittedReadiness = "emitted.readiness"
    }

    /// The store watched and appended to.
    public let store: SampleStore
    /// How it decides.
    public let configuration: Configuration

    /// A watcher of `store`.
    public init(store: SampleStore, configuration: Configuration = Configuration()) {
        self.store = store
        self.configuration = configuration
    }

    /// One look at `nowMs`, from a task; returns the entries it appended.
    @discardableResult
    public func tick(nowMs: Int64) async throws -> Int {
        try await store.changeFeed { [self] feed in try self.tick(feed, nowMs: nowMs) }
    }

    /// ``tick(nowMs:)`` blocking the calling thread: for the watcher's own thread.
    @discardableResult
    public func tickSync(nowMs: Int64) throws -> Int {
        try store.changeFeedSync { [self] feed in try self.tick(feed, nowMs: nowMs) }
    }

    /// The tick inside its transaction.
    func tick(_ feed: ChangeFeedWriter, nowMs: Int64) throws -> Int {
        let rule = SettlingRule(zone: try zone(feed.reader), nowMs: nowMs)
        try absorb(feed, nowMs: nowMs)
        var drafts = try settleDays(feed, rule: rule)
        drafts += try settleNights(feed, rule: rule)
        drafts += try scoreReadiness(feed, rule: rule)
        drafts += try watchSources(feed, nowMs: nowMs)
        try feed.append(drafts, nowMs: nowMs)
        try pruneIfDue(feed, nowMs: nowMs)
        return drafts.count
    }

    /// The zone of "today": configured, else the most recent sample's, else UTC.
    func zone(_ reader: StoreReader) throws -> String {
        if let zone = configuration.defaultZone { return zone }
        if let zone = try reader.latestSample(beforeMs: Int64.max)?.timezone, KnownTimeZones.contains(zone) { return zone }
        return "UTC"
    }

    /// Reads the feed past the watcher's position: each `day.changed` makes its day wait to
    /// settle (and its night, for sleep metrics). The first tick on a database starts at the
    /// oldest entry kept, so no change the feed holds is missed (a database from before the
    /// feed starts with an empty one).
    func absorb(_ feed: ChangeFeedWriter, nowMs: Int64) throws {
        let start = try feed.mark(Marks.watcher, Marks.watchedKey) ?? feed.bounds().oldest
        var position = start
        while true {
            let entries = try feed.entries(after: position, limit: configuration.readBatch)
            for entry in entries where entry.type == ChangeDraft.dayChangedType {
                guard let day = entry.subject["day"]?.stringValue, DayKey(day) != nil else { continue }
                let metrics = (entry.subject["metrics"]?.arrayValue ?? []).compactMap(\.stringValue).map { Metric(rawValue: $0) }
                let kinds = metrics.map { store.catalog.kind(of: $0) }
                if kinds.contains(where: { $0 == .sleep }) {
                    try feed.setMark(Marks.pendingNight, day, value: entry.position, atMs: nowMs)
                }
                if kinds.contains(where: { $0 != nil && $0 != .sleep }) {
                    try feed.setMark(Marks.pendingDay, day, value: entry.position, atMs: nowMs)
                }
            }
            guard let last = entries.last else { break }
            position = last.position
            if entries.count < configuration.readBatch { break }
        }
        if try position != start || feed.mark(Marks.watcher, Marks.watchedKey) == nil {
            try feed.setMark(Marks.watcher, Marks.watchedKey, value: position, atMs: nowMs)
        }
    }

    /// Prunes entries past the retention, and the marks of emitted events as old, at most
    /// once per ``Configuration/pruneInterval`` (the prune reads the whole feed).
    func pruneIfDue(_ feed: ChangeFeedWriter, nowMs: Int64) throws {
        let last = try feed.mark(Marks.watcher, Marks.lastPruneKey)
        guard last.map({ nowMs - $0 >= Int64(configuration.pruneInterval * 1000) || nowMs < $0 }) ?? true else { return }
        let cutoff = nowMs - ChangeFeed.retentionMs
        try feed.prune(beforeMs: cutoff, nowMs: nowMs)
        for kind in [Marks.emittedDay, Marks.emittedNight, Marks.emittedReadiness] { try feed.pruneMarks(kind, beforeMs: cutoff) }
        try feed.setMark(Marks.watcher, Marks.lastPruneKey, value: nowMs, atMs: nowMs)
    }
}
