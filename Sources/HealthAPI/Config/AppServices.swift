import HealthDomain
import SQLiteStore

/// The application's shared services, handed to every handler.
public final class AppServices: Sendable {
    public let config: ServerConfig
    public let clock: AppClock
    public let version: String
    public let store: SampleStore
    /// What summaries show as queued beside (never inside) their totals; the write-intent
    /// queue plugs in here.
    public let queuedEntries: any QueuedEntriesProvider
    /// Monotonic start time, for `uptimeSeconds`.
    public let startedAtNanoseconds: UInt64

    public init(config: ServerConfig, store: SampleStore, clock: AppClock = .system, version: String = HealthAPIVersion.current,
                queuedEntries: any QueuedEntriesProvider = NothingQueued()) {
        self.config = config
        self.queuedEntries = queuedEntries
        self.store = store
        self.clock = clock
        self.version = version
        self.startedAtNanoseconds = AppClock.monotonicNanoseconds()
    }

    public var uptimeSeconds: Int {
        Int((AppClock.monotonicNanoseconds() - startedAtNanoseconds) / 1_000_000_000)
    }
}

/// The server's version, reported by liveness and the OpenAPI document.
public enum HealthAPIVersion {
    public static let current = "0.1.0"
}
