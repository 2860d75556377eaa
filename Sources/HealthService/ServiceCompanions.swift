import HealthStore

/// The server's long-running companions beside the HTTP API, started and stopped with it:
/// each one listens to the store's ``ChangeBell`` or keeps its own clock, and none of them
/// knows about HTTP routing. The serve command builds one from its options.
public final class ServiceCompanions: Sendable {
    /// The store the companions read and write.
    public let store: SampleStore
    /// The changes-feed watcher and webhook delivery.
    public let feed: FeedCompanion
    /// Home Assistant over MQTT, when configured.
    public let homeAssistant: HomeAssistantService?

    /// Companions over `store`; nothing runs until ``start()``.
    public init(store: SampleStore, feed: FeedCompanion.Configuration = FeedCompanion.Configuration(),
                homeAssistant: HomeAssistantService? = nil) {
        self.store = store
        self.feed = FeedCompanion(store: store, configuration: feed)
        self.homeAssistant = homeAssistant
    }

    /// Starts every configured companion.
    public func start() {
        feed.start()
        homeAssistant?.start()
    }

    /// Stops every companion and waits for their threads to end.
    public func stop() async {
        await homeAssistant?.stop()
        await feed.stop()
    }
}
