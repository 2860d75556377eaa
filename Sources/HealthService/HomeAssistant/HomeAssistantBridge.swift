import HealthStore
import Locking
import MQTT
import Notifications

/// Keeps Home Assistant's sensors in step with the store: reads the figures
/// (``HealthStateReading``) and hands what changed to the MQTT client through a
/// ``HomeAssistantPublisher``.
///
/// It refreshes on ``start()``, after every ring of the store's ``ChangeBell`` (a burst of
/// ingests is one refresh: at most one per ``Settings/minimumInterval``), and every
/// ``Settings/period`` so that "today" rolls over at midnight without an ingest. Only
/// topics whose payload changed are published, except after ``republish()`` (the broker
/// came back and may have lost its retained messages), which sends every config and state
/// again. The loop is a task that only awaits: reads run on the store's reader threads, and
/// handing a message to the client takes a lock.
///
/// Log lines name topics counts and errors, never a figure or a password.
public final class HomeAssistantBridge: Sendable {
    /// How often it refreshes.
    public struct Settings: Sendable {
        /// The zone "today" is counted in; nil follows the summaries (the most recent
        /// sample's zone, else UTC).
        public var timezone: String?
        /// The least time between two refreshes.
        public var minimumInterval: Duration = .seconds(1)
        /// The time between refreshes without any change, so that a new day shows.
        public var period: Duration = .seconds(60)
        /// The largest share of one core spent reading every sample for the sources'
        /// last-sample times (``SourceScanSchedule``); nil reads them on every refresh.
        public var sourceScanShare: Double? = 0.05

        /// The defaults, with "today" in `timezone`.
        public init(timezone: String? = nil) {
            self.timezone = timezone
        }
    }

    private struct LoopState {
        var bell: Int?
        var loop: Task<Void, Never>?
        var ticker: Task<Void, Never>?
        var delayedRing: Task<Void, Never>?
        var started = false
        var stopped = false
        /// Whether a change may have moved a source's newest sample since the last scan.
        var sourcesDirty = true
        var republish = false
        var sources: [SourceActivity] = []
        var schedule: SourceScanSchedule
        /// Whether the last hand-over to the client failed (logged once per streak).
        var failing = false
    }

    /// The store it reads.
    public let store: SampleStore
    /// The publisher that knows what was sent.
    public let publisher: HomeAssistantPublisher
    private let client: any MQTTPublishing
    private let settings: Settings
    private let now: @Sendable () -> Int64
    private let log: @Sendable (String) -> Void
    private let signal = RefreshSignal()
    private let state: Locked<LoopState>

    /// A bridge from `store` to `client`; nothing runs until ``start()``. `now` gives the
    /// wall clock in epoch milliseconds.
    public init(store: SampleStore, publisher: HomeAssistantPublisher, client: any MQTTPublishing, settings: Settings,
                now: @escaping @Sendable () -> Int64, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.store = store
        self.publisher = publisher
        self.client = client
        self.settings = settings
        self.now = now
        self.log = log
        let state = Locked(LoopState(schedule: SourceScanSchedule(share: settings.sourceScanShare)))
        self.state = state
        // Listening from the start, so a direct ``refresh()`` also knows whether the
        // sources moved; before ``start()`` a ring only leaves a wake-up for the loop.
        let signal = signal
        let bell = store.changeBell.listen {
            state.withLock { $0.sourcesDirty = true }
            signal.ring()
        }
        state.withLock { $0.bell = bell }
    }

    deinit {
        if let bell = state.withLock({ $0.bell }) { store.changeBell.stopListening(bell) }
    }

    /// Starts the loop (woken by the store's bell) and its clock, and refreshes at once.
    public func start() {
        let go = state.withLock { state -> Bool in
            guard !state.started else { return false }
            state.started = true
            return true
        }
        guard go else { return }
        let signal = signal
        let loop = Task { [self] in await run() }
        let period = settings.period
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: period)
                if Task.isCancelled { break }
                signal.ring()
            }
        }
        state.withLock { state in
            state.loop = loop
            state.ticker = ticker
        }
        signal.ring()
    }

    /// Stops listening and waits for the loop to finish its current refresh.
    public func stop() async {
        let (bell, loop, ticker, delayed) = state.withLock { state in
            defer {
                state.stopped = true
                state.bell = nil
                state.loop = nil
                state.ticker = nil
                state.delayedRing = nil
            }
            return (state.bell, state.loop, state.ticker, state.delayedRing)
        }
        if let bell { store.changeBell.stopListening(bell) }
        signal.close()
        ticker?.cancel()
        delayed?.cancel()
        loop?.cancel()
        await loop?.value
    }

    /// Makes the next refresh send every config and state again, and asks for it now.
    public func republish() {
        state.withLock { state in
            state.republish = true
            state.sourcesDirty = true
        }
        signal.ring()
    }

    private func run() async {
        while await signal.next() {
            do {
                let sent = try await refresh()
                if state.withLock({ state in defer { state.failing = false }; return state.failing }) {
                    log("home assistant: publishing again (\(sent.count) messages)")
                }
            } catch {
                let first = state.withLock { state in defer { state.failing = true }; return !state.failing }
                if first { log("home assistant: cannot publish the state: \(error)") }
            }
            // What rang meanwhile is one more refresh after the pause, not one per ring.
            try? await Task.sleep(for: settings.minimumInterval)
        }
    }

    /// Reads the figures once and hands the client what changed since the last refresh (all
    /// of it after ``republish()``); returns those messages. Reads the sources' last samples
    /// when something rang since the last scan and ``SourceScanSchedule`` allows it, else
    /// keeps the last scan's and asks for a refresh when a scan is allowed again.
    @discardableResult
    public func refresh() async throws -> [HomeAssistantMessage] {
        let clock = ContinuousClock()
        let (scan, republish) = state.withLock { state -> (Bool, Bool) in
            let scan = state.sourcesDirty && state.schedule.isDue(at: clock.now)
            if scan { state.sourcesDirty = false }
            defer { state.republish = false }
            return (scan, state.republish)
        }
        if republish { publisher.reset() }
        let catalog = store.catalog, zone = settings.timezone, nowMs = now()
        let read: (HealthState, [SourceActivity]?, Duration)
        do {
            read = try await store.read { reader in
                let figures = try HealthStateReading.figures(reader, catalog: catalog, zone: zone, nowMs: nowMs)
                guard scan else { return (figures, nil, .zero) }
                let started = clock.now
                let sources = try HealthStateReading.sources(reader)
                return (figures, sources, clock.now - started)
            }
        } catch {
            // Nothing was read: what was asked for is still owed.
            state.withLock { state in
                if scan { state.sourcesDirty = true }
                if republish { state.republish = true }
            }
            throw error
        }
        var figures = read.0
        figures.sources = state.withLock { state in
            if let sources = read.1 {
                state.sources = sources
                state.schedule.record(end: clock.now, took: read.2)
            }
            return state.sources
        }
        scheduleSourceScanIfHeldBack()
        return try publisher.publish(state: figures, via: client)
    }

    /// When a change waits for the source scan's schedule, one refresh at the time it allows.
    private func scheduleSourceScanIfHeldBack() {
        let signal = signal, shared = state
        shared.withLock { state in
            guard state.started, !state.stopped, state.sourcesDirty, state.delayedRing == nil, let at = state.schedule.nextAllowed else { return }
            state.delayedRing = Task {
                try? await Task.sleep(until: at, clock: ContinuousClock())
                shared.withLock { $0.delayedRing = nil }
                if !Task.isCancelled { signal.ring() }
            }
        }
    }
}
