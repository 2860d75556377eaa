import JSON
import Locking
import MQTT

/// Shows the server's figures in Home Assistant through MQTT discovery.
///
/// Each sensor has a retained discovery config at
/// `<discovery prefix>/sensor/<node id>/<object id>/config` and a retained state at
/// `<topic prefix>/<node id>/<object id>/state`; all share the availability topic
/// `<topic prefix>/<node id>/availability`, which the MQTT client keeps (``availability``:
/// put it in the client's configuration, and the broker says `offline` when the server dies).
///
/// ``configs(for:)`` and ``states(for:)`` are pure; ``publish(state:via:)`` sends what
/// changed since the last call (a config first, then states), so calling it after every
/// change costs nothing when nothing Home Assistant shows moved.
public final class HomeAssistantPublisher: Sendable {
    /// The state payload for "no data": Home Assistant's MQTT sensor shows it as unknown.
    public static let unknownPayload = "None"

    /// The configuration it was made with.
    public let configuration: HomeAssistantConfiguration
    /// The payload last handed to the client, per topic.
    private let published = Locked<[String: [UInt8]]>([:])

    /// A publisher; throws for a node id or prefix outside `[A-Za-z0-9_-]`.
    public init(configuration: HomeAssistantConfiguration) throws(NotificationError) {
        for (label, value) in [("node id", configuration.nodeID), ("discovery prefix", configuration.discoveryPrefix),
                               ("topic prefix", configuration.topicPrefix)] where !HomeAssistantSlug.isIdentifier(value) {
            throw NotificationError(.invalidIdentifier, "the Home Assistant \(label) may only contain A-Z, a-z, 0-9, _ and -")
        }
        self.configuration = configuration
    }

    /// The availability topic and payloads for the MQTT client's configuration.
    public var availability: MQTTAvailability {
        MQTTAvailability(topic: "\(configuration.topicPrefix)/\(configuration.nodeID)/availability")
    }

    /// Where `sensor`'s discovery config goes.
    public func discoveryTopic(for sensor: HomeAssistantSensor) -> String {
        "\(configuration.discoveryPrefix)/sensor/\(configuration.nodeID)/\(sensor.objectID)/config"
    }

    /// Where `sensor`'s state goes.
    public func stateTopic(for sensor: HomeAssistantSensor) -> String {
        "\(configuration.topicPrefix)/\(configuration.nodeID)/\(sensor.objectID)/state"
    }

    /// The unique id: node id and object id, so sensors of two people never collide.
    public func uniqueID(for sensor: HomeAssistantSensor) -> String {
        "\(configuration.nodeID)_\(sensor.objectID)"
    }

    /// The standard sensors, then one last-sample sensor per source, by source name.
    public func sensors(for state: HealthState) -> [HomeAssistantSensor] {
        let names = Set(state.sources.map(\.name)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return HomeAssistantSensor.standard + names.map(HomeAssistantSensor.lastSample(source:))
    }

    /// The discovery config of each sensor, retained, in the given order.
    public func configs(for sensors: [HomeAssistantSensor]) -> [HomeAssistantMessage] {
        sensors.map { sensor in
            HomeAssistantMessage(topic: discoveryTopic(for: sensor),
                                 payload: JSONWriter.serialize(config(for: sensor), sortedKeys: true, pretty: false), retain: true)
        }
    }

    /// One sensor's discovery config.
    ///
    /// `object_id` asks older Home Assistant versions for the entity id; 2025.10 replaced it
    /// by `default_entity_id` (`sensor.<id>`) and warns about the old key, so both are sent.
    public func config(for sensor: HomeAssistantSensor) -> JSONValue {
        let id = uniqueID(for: sensor)
        var members: [String: JSONValue] = [
            "name": .string(sensor.name),
            "unique_id": .string(id),
            "object_id": .string(id),
            "default_entity_id": .string("sensor.\(id)"),
            "state_topic": .string(stateTopic(for: sensor)),
            "availability_topic": .string(availability.topic),
            "payload_available": .string(availability.online),
            "payload_not_available": .string(availability.offline),
            "device": [
                "identifiers": [.string(configuration.nodeID)],
                "name": .string(configuration.deviceName),
                "manufacturer": "healthd",
                "model": .string(configuration.model),
                "sw_version": .string(configuration.softwareVersion),
            ],
        ]
        if let deviceClass = sensor.deviceClass { members["device_class"] = .string(deviceClass) }
        if let unit = sensor.unit { members["unit_of_measurement"] = .string(unit) }
        if let stateClass = sensor.stateClass { members["state_class"] = .string(stateClass) }
        if let precision = sensor.precision { members["suggested_display_precision"] = JSONValue(precision) }
        if let icon = sensor.icon { members["icon"] = .string(icon) }
        return .object(members)
    }

    /// Every sensor's state for `state`, retained, in ``sensors(for:)`` order.
    public func states(for state: HealthState) -> [HomeAssistantMessage] {
        sensors(for: state).map { sensor in
            HomeAssistantMessage(topic: stateTopic(for: sensor), payload: Array(Self.payload(of: sensor, in: state).utf8),
                                 retain: true)
        }
    }

    /// One sensor's state text: the figure rounded to the sensor's precision, an ISO 8601
    /// instant with the sample's own offset for a last-sample sensor, or ``unknownPayload``.
    public static func payload(of sensor: HomeAssistantSensor, in state: HealthState) -> String {
        let value: Double?
        switch sensor.figure {
        case .stepsToday: value = state.stepsToday
        case .activeEnergyToday: value = state.activeEnergyTodayKcal
        case .sleepLastNight: value = state.sleepLastNightMinutes
        case .restingHeartRate: value = state.restingHeartRateBpm
        case .heartRateVariability: value = state.hrvMs
        case .weight: value = state.weightKg
        case .readiness: value = state.readinessScore.map(Double.init)
        case .lastSample(let source):
            // The newest of the entries under this exact name.
            guard let newest = state.sources.filter({ $0.name == source }).max(by: { $0.lastSampleEndMs < $1.lastSampleEndMs }) else {
                return unknownPayload
            }
            return InstantText.local(ms: newest.lastSampleEndMs, zone: newest.timeZone)
        }
        guard let value, value.isFinite else { return unknownPayload }
        return number(value, decimals: sensor.precision ?? 3)
    }

    /// `value` rounded half away from zero to `decimals`, without trailing zeros or `-0`.
    static func number(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return JSONWriter.string(.number(rounded == 0 ? 0 : rounded))
    }

    /// Hands `client` every config and state that differs from what this publisher last
    /// handed over (everything, the first time), configs before states, all retained with
    /// QoS 1; returns those messages. The client delivers them in order across reconnects.
    /// If the client refuses one, the error is thrown and that message and the rest are
    /// tried again on the next call.
    @discardableResult
    public func publish(state: HealthState, via client: some MQTTPublishing) throws(MQTTError) -> [HomeAssistantMessage] {
        let messages = configs(for: sensors(for: state)) + states(for: state)
        let changed = published.withLock { published in messages.filter { published[$0.topic] != $0.payload } }
        for message in changed {
            try client.enqueue(topic: message.topic, payload: message.payload, retain: message.retain, qos: .atLeastOnce)
            published.withLock { $0[message.topic] = message.payload }
        }
        return changed
    }

    /// Forgets what was published, so the next ``publish(state:via:)`` sends everything
    /// again (after the broker lost its retained messages, say).
    public func reset() {
        published.withLock { $0 = [:] }
    }
}
