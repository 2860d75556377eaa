import Foundation
import HealthStore
import Locking
import Notifications

/// The changes feed's companion of the server: the ``ChangeWatcher`` on a thread of its
/// own, ticking every ``Configuration/watchInterval`` seconds, and the webhook dispatcher
/// delivering the store's outbox, woken by the store's ``ChangeBell`` after every commit
/// that may have queued a delivery.
public final class FeedCompanion: Sendable {
    /// How the companion runs.
    public struct Configuration: Sendable {
        /// The watcher's rules' inputs (the zone of "today").
        public var watcher = ChangeWatcher.Configuration()
        /// Seconds between the watcher's ticks: how late a settling, a silence or a
        /// readiness score is reported at most. Not a rule: the rules decide *whether*.
        public var watchInterval: Double = 60
        /// Retries, pacing and the clock of deliveries.
        public var dispatcher = WebhookDispatcher.Configuration()
        /// How deliveries are sent; nil: HTTP(S) through URLSession, 10 s per attempt, no redirects.
        public var transport: (any WebhookTransport)?
        /// Where log lines go (never a URL, a secret, a body or a value).
        public var log: (@Sendable (String) -> Void)?

        /// The defaults.
        public init() {}
    }

    /// The watcher.
    public let watcher: ChangeWatcher
    /// The webhook dispatcher over the store's outbox.
    public let dispatcher: WebhookDispatcher
    let store: SampleStore
    let ticker: PeriodicThread
    let listener = Locked<Int?>(nil)

    /// A companion of `store`; nothing runs until ``start()``.
    public init(store: SampleStore, configuration: Configuration = Configuration()) {
        self.store = store
        let log = configuration.log
        let watcher = ChangeWatcher(store: store, configuration: configuration.watcher)
        self.watcher = watcher
        dispatcher = WebhookDispatcher(outbox: StoreWebhookOutbox(store: store),
                                       transport: configuration.transport ?? URLSessionWebhookTransport(),
                                       configuration: configuration.dispatcher) { event in log?(Self.line(event)) }
        let now = configuration.dispatcher.now
        ticker = PeriodicThread(name: "changes-watcher", interval: configuration.watchInterval) {
            do {
                try watcher.tickSync(nowMs: now())
            } catch {
                log?("changes feed watcher: \(error)")
            }
        }
    }

    /// Starts delivering and watching.
    public func start() {
        dispatcher.start()
        let dispatcher = dispatcher
        let id = store.changeBell.listen { dispatcher.poke() }
        listener.withLock { $0 = id }
        ticker.start()
    }

    /// Stops watching and delivering; attempts in flight are cancelled and go out again
    /// after the next start, under the same `webhook-id`.
    public func stop() async {
        if let id = listener.withLock({ value -> Int? in defer { value = nil }; return value }) {
            store.changeBell.stopListening(id)
        }
        await ticker.stop()
        await dispatcher.stop()
    }

    /// A log line for a dispatcher event: ids, attempt, status or reason; nothing else.
    static func line(_ event: WebhookDispatcher.Event) -> String {
        switch event {
        case .delivered(_, let endpoint, let message, let attempt, let status):
            "webhook \(endpoint): \(message) delivered on attempt \(attempt) (HTTP \(status))"
        case .retrying(_, let endpoint, let message, let attempt, let failure, let next):
            "webhook \(endpoint): \(message) attempt \(attempt) failed (\(failure)); next at \(InstantText.utc(ms: next))"
        case .expired(_, let endpoint, let message, let attempt, let failure):
            "webhook \(endpoint): \(message) given up after \(attempt) attempt\(attempt == 1 ? "" : "s") (\(failure))"
        case .outboxError(let error):
            "webhook outbox: \(error)"
        }
    }
}
