import HealthStore
import Locking
import Metrics

/// The families read from the store: seconds since the last sample per client and source
/// (the "phone stopped syncing" signal), write intents per status, and the sizes of the
/// database and its log. The registry's collectors run synchronously, so each scrape
/// first reads one snapshot from a reader connection (``refresh()``) and the collectors
/// show it.
final class StoreMetrics: Sendable {
    /// Source series the age gauge keeps of its own; the rest fold, per client, into
    /// `source="other"` showing the stalest of them.
    static let maxSourceSeries = 64

    private let store: SampleStore
    private let nowMs: @Sendable () -> Int64
    /// The latest snapshot with the time it was read; nil before the first scrape and after
    /// a failed read (the store's series are then left out rather than shown stale).
    private let latest = Locked<(snapshot: MonitoringSnapshot, nowMs: Int64)?>(nil)

    init(store: SampleStore, nowMs: @escaping @Sendable () -> Int64, registry: MetricsRegistry) throws(MetricsError) {
        self.store = store
        self.nowMs = nowMs
        let latest = self.latest
        try registry.collect("healthd_last_sample_age_seconds",
                             help: "Seconds since the end of the newest sample each client adapter sent for each source; past 64 sources the rest show, per client, as source=\"other\" with the largest age.",
                             type: .gauge, labelNames: ["client", "source"],
                             limit: SeriesLimit(maxSeries: Self.maxSourceSeries, collapsing: ["source"], overflow: .max)) {
            guard let (snapshot, now) = latest.withLock({ $0 }) else { return [] }
            return snapshot.syncEntries.map { entry in
                CollectedSample(labels: [entry.client, entry.source], value: Double(max(0, now - entry.lastSampleMs)) / 1000)
            }
        }
        try registry.collect("healthd_write_intents", help: "Write intents by status.", type: .gauge, labelNames: ["status"]) {
            guard let (snapshot, _) = latest.withLock({ $0 }) else { return [] }
            return snapshot.intentsByStatus.map { CollectedSample(labels: [$0.key.rawValue], value: Double($0.value)) }
        }
        try registry.collect("healthd_database_size_bytes", help: "Size of the SQLite database file in bytes.", type: .gauge) {
            store.fileSizes().database.map { [CollectedSample(value: Double($0))] } ?? []
        }
        try registry.collect("healthd_database_wal_size_bytes", help: "Size of the database's write-ahead log in bytes (0 when there is none).",
                             type: .gauge) {
            [CollectedSample(value: Double(store.fileSizes().wal ?? 0))]
        }
    }

    /// Reads a new snapshot for the collectors; on failure they show nothing from the store.
    func refresh() async {
        let snapshot = try? await store.monitoringSnapshot()
        let now = nowMs()
        latest.withLock { $0 = snapshot.map { ($0, now) } }
    }
}
