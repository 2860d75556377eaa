import HealthDomain
import HealthFormats
import HealthService
import HealthStore

/// One person's services, handed to every handler of a request acting for that person:
/// their store, write intents, imports and identity, with the server's configuration
/// (their own time zone and source priority in it), clock and metrics. Nothing here
/// reaches another person's data, so a handler cannot either.
public final class AppServices: Sendable {
    /// The server's configuration with this person's settings applied.
    public let config: ServerConfig
    /// Whose services these are; nil only for services made outside a household (tests).
    public let person: Person?
    public let clock: AppClock
    public let version: String
    public let store: SampleStore
    /// The write-intent queue, in the same database as the samples.
    public let intents: WriteIntentStore
    /// What summaries show as queued beside (never inside) their totals: by default the
    /// write-intent queue.
    public let queuedEntries: any QueuedEntriesProvider
    /// Configuration-only documents, serialized once.
    public let documents = DocumentCache()
    /// Imports of uploaded exports, running and finished.
    public let imports = ImportJobs()
    /// The person as the observation batch names them (`xuser_id`).
    public let user: UserIdentity
    /// The read API's types (seed ids and catalog names).
    public let readTypes: ReadTypeTable
    /// Monotonic start time, for `uptimeSeconds`.
    public let startedAtNanoseconds: UInt64
    /// The server's metric families (`GET /metrics`); nil when `config.metricsEnabled` is off.
    public let metrics: ServerMetrics?

    /// - Parameter queuedEntries: what summaries show as queued; nil means the write-intent queue.
    public init(config: ServerConfig, store: SampleStore, clock: AppClock = .system, version: String = HealthAPIVersion.current,
                queuedEntries: (any QueuedEntriesProvider)? = nil, person: Person? = nil) {
        self.config = config.applying(person)
        self.person = person
        self.store = store
        let intents = WriteIntentStore(store: store, policy: config.retryPolicy)
        self.intents = intents
        self.queuedEntries = queuedEntries ?? intents
        self.clock = clock
        self.version = version
        self.user = UserIdentity(configured: config.userID, store: store, preferred: person?.id)
        self.readTypes = ReadTypeTable(catalog: store.catalog)
        self.startedAtNanoseconds = AppClock.monotonicNanoseconds()
        let imports = self.imports
        self.metrics = config.metricsEnabled ? ServerMetrics(store: store, nowMs: { clock.now() }, importJobs: { imports.countsByState() }) : nil
    }

    /// Another person's services, sharing the first person's clock, start time and metric
    /// families (the server's counters; the database gauges stay the first person's).
    init(person: Person, config: ServerConfig, store: SampleStore, sharing first: AppServices) {
        self.config = config.applying(person)
        self.person = person
        self.store = store
        let intents = WriteIntentStore(store: store, policy: config.retryPolicy)
        self.intents = intents
        self.queuedEntries = intents
        self.clock = first.clock
        self.version = first.version
        self.user = UserIdentity(configured: nil, store: store, preferred: person.id)
        self.readTypes = ReadTypeTable(catalog: store.catalog)
        self.startedAtNanoseconds = first.startedAtNanoseconds
        self.metrics = first.metrics
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
