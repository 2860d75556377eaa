import HealthStore
import Locking
import MQTT
import Notifications

/// Home Assistant over MQTT for `healthd serve`: an ``MQTTClient`` whose will is the
/// availability topic's `offline`, and a ``HomeAssistantBridge`` that publishes through it.
///
/// After the first connection the bridge's messages wait in the client's queue; after every
/// later one (the broker restarted, or the network came back) the bridge sends every config
/// and state again, since a broker without persistence has forgotten its retained messages.
/// ``stop()`` ends the bridge first, then lets the client deliver what is queued (up to two
/// seconds), publish `offline` and say goodbye.
public final class HomeAssistantService: Sendable {
    /// The options it was made with.
    public let options: HomeAssistantOptions
    /// The client (its state, for tests and logs).
    public let client: MQTTClient
    /// The bridge that publishes through it.
    public let bridge: HomeAssistantBridge

    /// A service that does nothing until ``start()``. `log` receives one line per connection
    /// event (never a figure or the password); `now` is the wall clock in epoch milliseconds.
    public init(options: HomeAssistantOptions, store: SampleStore, version: String, now: @escaping @Sendable () -> Int64,
                log: @escaping @Sendable (String) -> Void) throws {
        try options.validate()
        let publisher = try HomeAssistantPublisher(configuration: options.configuration(version: version))
        var configuration = MQTTClientConfiguration(url: options.broker, clientID: options.clientID)
        configuration.availability = publisher.availability
        // The bridge exists only once the client does; events before that have nothing to wake.
        let bridgeBox = Locked<HomeAssistantBridge?>(nil)
        let connections = Locked(0)
        let broker = options.broker.description
        client = try MQTTClient(configuration: configuration) { event in
            switch event {
            case .connected:
                let count = connections.withLock { count -> Int in
                    count += 1
                    return count
                }
                log("mqtt: connected to \(broker)")
                if count > 1 { bridgeBox.withLock { $0 }?.republish() }
            case .connectFailed(let error):
                log("mqtt: cannot connect to \(broker): \(error); trying again")
            case .connectionLost(let error):
                log("mqtt: lost the connection to \(broker): \(error); reconnecting")
            case .resent:
                break
            }
        }
        var settings = HomeAssistantBridge.Settings(timezone: options.timezone)
        settings.sourceScanShare = 0.05
        let bridge = HomeAssistantBridge(store: store, publisher: publisher, client: client, settings: settings, now: now, log: log)
        bridgeBox.withLock { $0 = bridge }
        self.bridge = bridge
        self.options = options
    }

    /// Connects and starts publishing.
    public func start() {
        client.start()
        bridge.start()
    }

    /// Stops publishing, delivers what is queued, publishes `offline` and disconnects.
    public func stop() async {
        await bridge.stop()
        await client.shutdown(drainTimeout: 2)
    }
}
