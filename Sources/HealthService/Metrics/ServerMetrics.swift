import HealthStore
import Locking
import Metrics

/// Every metric family of the server in one registry, rendered by `GET /metrics` in the
/// Prometheus text format: HTTP requests, ingests, the store's figures (last sample per
/// client and source, write intents, database size), import jobs, open connections and
/// the `process_*` families. No series carries a health value: only counts, times,
/// sizes, and source names (in the last-sample gauge only, capped).
public final class ServerMetrics: Sendable {
    /// The `Content-Type` of ``exposition()``.
    public static let contentType = PrometheusText.contentType

    /// The request families, for the router to resolve each route's handles at start.
    public let requests: RequestMetrics
    /// The ingest families every ingest path counts into.
    public let ingest: IngestMetrics
    private let registry = MetricsRegistry()
    private let store: StoreMetrics
    private let connections = Locked<(@Sendable () -> Int)?>(nil)

    /// The families over `store`; `nowMs` dates the last-sample ages, `importJobs` counts
    /// import jobs by state when scraped.
    public init(store: SampleStore, nowMs: @escaping @Sendable () -> Int64,
                importJobs: @escaping @Sendable () -> [String: Int]) {
        // The names and labels below are constants: a registration error is a mistake in
        // this file, which every test that builds an app would show at once.
        do {
            requests = try RequestMetrics(registry: registry)
            ingest = try IngestMetrics(registry: registry)
            self.store = try StoreMetrics(store: store, nowMs: nowMs, registry: registry)
            try registry.collect("healthd_import_jobs", help: "Import jobs the server remembers, by state (running, done, failed).",
                                 type: .gauge, labelNames: ["state"]) {
                importJobs().map { CollectedSample(labels: [$0.key], value: Double($0.value)) }
            }
            let connections = self.connections
            try registry.collect("healthd_open_connections", help: "Open HTTP connections.", type: .gauge) {
                connections.withLock { $0 }.map { [CollectedSample(value: Double($0()))] } ?? []
            }
            try registry.registerProcessMetrics()
        } catch {
            preconditionFailure("the server's metric families do not register: \(error)")
        }
    }

    /// Reports open connections from `count` (the transport's figure) from now on.
    public func countConnections(_ count: @escaping @Sendable () -> Int) {
        connections.withLock { $0 = count }
    }

    /// The scrape: the store's figures read afresh, then every family in the text format.
    public func exposition() async -> String {
        await store.refresh()
        return registry.render()
    }
}
