import HealthDomain
import HealthFormats
import HealthService
import HealthStore

/// The application's shared services, handed to every handler.
public final class AppServices: Sendable {
    public let config: ServerConfig
    public let clock: AppClock
    public let version: String
    public let store: SampleStore
    /// The write-intent queue, in the same database as the samples.
    public let intents: WriteIntentStore
    /// Named, scoped tokens, in the same database.
    public let tokens: TokenStore
    /// What summaries show as queued beside (never inside) their totals: by default the
    /// write-intent queue.
    public let queuedEntries: any QueuedEntriesProvider
    /// Configuration-only documents, serialized once.
    public let documents = DocumentCache()
    /// Imports of uploaded exports, running and finished.
    public let imports = ImportJobs()
    /// The server's one user, as the observation batch names it.
    public let user: UserIdentity
    /// The read API's types (seed ids and catalog names).
    public let readTypes: ReadTypeTable
    /// Monotonic start time, for `uptimeSeconds`.
    public let startedAtNanoseconds: UInt64
    /// The server's metric families (`GET /metrics`); nil when `config.metricsEnabled` is off.
    public let metrics: ServerMetrics?

    /// - Parameter queuedEntries: what summaries show as queued; nil means the write-intent queue.
    public init(config: ServerConfig, store: SampleStore, clock: AppClock = .system, version: String = HealthAPIVersion.current,
                queuedEntries: (any QueuedEntriesProvider)? = nil) {
        self.config = config
        self.store = store
        let intents = WriteIntentStore(store: store, policy: config.retryPolicy)
        self.intents = intents
        self.tokens = TokenStore(store: store)
        self.queuedEntries = queuedEntries ?? intents
        self.clock = clock
        self.version = version
        self.user = UserIdentity(configured: config.userID, store: store)
        self.readTypes = ReadTypeTable(catalog: store.catalog)
        self.startedAtNanoseconds = AppClock.monotonicNanoseconds()
        let imports = self.imports
        self.metrics = config.metricsEnabled ? ServerMetrics(store: store, nowMs: { clock.now() }, importJobs: { imports.countsByState() }) : nil
    }

    /// The metric table every surface reads (the store's).
    public var catalog: MetricCatalog { store.catalog }

    public var uptimeSeconds: Int {
        Int((AppClock.monotonicNanoseconds() - startedAtNanoseconds) / 1_000_000_000)
    }
}

/// The server's version, reported by liveness and the OpenAPI document.
public enum HealthAPIVersion {
    public static let current = "0.1.0"
}
