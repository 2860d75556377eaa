import Foundation
import JSON
import Locking
import MQTT
@testable import Notifications
import Testing

/// Home Assistant discovery: the configs and states against a committed golden file,
/// slugs, timestamps in the sample's own zone, and publishing only what changed.
///
/// When the configs change on purpose: `HEALTHD_UPDATE_GOLDEN=1 swift test --filter HomeAssistantTests`
/// rewrites `Fixtures/homeassistant/discovery.expected.json` — then read the diff.
@Suite struct HomeAssistantTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/homeassistant/discovery.expected.json")

    static func publisher(nodeID: String = "healthd") throws -> HomeAssistantPublisher {
        try HomeAssistantPublisher(configuration: HomeAssistantConfiguration(nodeID: nodeID, softwareVersion: "1.4.0"))
    }

    /// 2026-03-10: steps and energy so far, last night's sleep, and two sources whose
    /// newest samples were recorded in different zones.
    static let state = HealthState(
        stepsToday: 8_123, activeEnergyTodayKcal: 412.6, sleepLastNightMinutes: 431.4, restingHeartRateBpm: 54.4,
        hrvMs: 48.04, weightKg: 72.46, readinessScore: 78,
        sources: [
            SourceActivity(name: "iPhone", lastSampleEndMs: 1_773_125_100_000, timeZone: "Europe/Berlin"),
            SourceActivity(name: "Anna’s Apple Watch", lastSampleEndMs: 1_773_121_512_000, timeZone: "Asia/Tokyo"),
        ])

    @Test func configsAndStatesMatchTheGoldenFile() throws {
        let publisher = try Self.publisher()
        let configs = publisher.configs(for: publisher.sensors(for: Self.state)).map { message -> JSONValue in
            ["topic": .string(message.topic), "retain": .bool(message.retain), "payload": (try? JSONParser.parse(message.payload)) ?? .null]
        }
        let states = publisher.states(for: Self.state).map { message -> JSONValue in
            ["topic": .string(message.topic), "retain": .bool(message.retain), "payload": .string(message.text)]
        }
        let document: JSONValue = [
            "availability": ["topic": .string(publisher.availability.topic), "online": .string(publisher.availability.online),
                             "offline": .string(publisher.availability.offline)],
            "configs": .array(configs),
            "states": .array(states),
        ]
        let actual = JSONWriter.string(document, sortedKeys: true, pretty: true) + "\n"
        if ProcessInfo.processInfo.environment["HEALTHD_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: Self.golden, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(committed == actual, """
            the discovery configs differ from Fixtures/homeassistant/discovery.expected.json.
            If the change is intended: HEALTHD_UPDATE_GOLDEN=1 swift test --filter HomeAssistantTests, then review the diff.
            """)
    }

    @Test func configsCarryHomeAssistantsFields() throws {
        let publisher = try Self.publisher(nodeID: "anna")
        let sensors = publisher.sensors(for: Self.state)
        #expect(sensors.map(\.objectID).prefix(7) == ["steps_today", "active_energy_today", "sleep_last_night",
                                                      "resting_heart_rate", "heart_rate_variability", "weight", "readiness"])
        for message in publisher.configs(for: sensors) {
            #expect(message.retain)
            let config = try JSONParser.parse(message.payload)
            let objectID = try #require(message.topic.split(separator: "/").dropLast().last.map(String.init))
            #expect(message.topic == "homeassistant/sensor/anna/\(objectID)/config")
            #expect(config["unique_id"]?.stringValue == "anna_\(objectID)")
            #expect(config["object_id"]?.stringValue == "anna_\(objectID)")
            #expect(config["default_entity_id"]?.stringValue == "sensor.anna_\(objectID)")
            #expect(config["state_topic"]?.stringValue == "healthd/anna/\(objectID)/state")
            #expect(config["availability_topic"]?.stringValue == "healthd/anna/availability")
            #expect(config["payload_available"]?.stringValue == "online")
            #expect(config["payload_not_available"]?.stringValue == "offline")
            #expect(config["device"]?["identifiers"] == ["anna"])
            #expect(config["device"]?["manufacturer"]?.stringValue == "healthd")
            #expect(config["device"]?["sw_version"]?.stringValue == "1.4.0")
            #expect(config["name"]?.stringValue?.isEmpty == false)
        }
        let byID = Dictionary(uniqueKeysWithValues: zip(sensors.map(\.objectID), publisher.configs(for: sensors)))
        let weight = try JSONParser.parse(try #require(byID["weight"]).payload)
        #expect(weight["device_class"] == "weight" && weight["unit_of_measurement"] == "kg" && weight["state_class"] == "measurement")
        let sleep = try JSONParser.parse(try #require(byID["sleep_last_night"]).payload)
        #expect(sleep["device_class"] == "duration" && sleep["unit_of_measurement"] == "min")
        let source = try JSONParser.parse(try #require(publisher.configs(for: [.lastSample(source: "iPhone")]).first).payload)
        #expect(source["device_class"] == "timestamp")
        #expect(source["unit_of_measurement"] == nil && source["state_class"] == nil)
    }

    @Test func sourceSlugsAreASCIIBoundedAndCollisionSafe() {
        #expect(HomeAssistantSlug.readable("Anna’s Apple Watch") == "anna_s_apple_watch")
        #expect(HomeAssistantSlug.readable("Telefon Åsa (ÉÈ)") == "telefon_asa_ee")
        #expect(HomeAssistantSlug.readable("  --iPhone--  ") == "iphone")
        #expect(HomeAssistantSlug.readable("心拍計 ❤️") == "source")
        let long = HomeAssistantSlug.readable(String(repeating: "Withings Body Cardio ", count: 10))
        #expect(long.count <= HomeAssistantSlug.maxReadableLength && !long.hasSuffix("_"))

        // Two spellings that fold to one readable part stay two ids; one name is always one id.
        let curly = HomeAssistantSlug.slug("Anna’s Apple Watch")
        let straight = HomeAssistantSlug.slug("Anna's Apple Watch")
        #expect(curly != straight)
        #expect(curly.hasPrefix("anna_s_apple_watch_") && straight.hasPrefix("anna_s_apple_watch_"))
        #expect(curly == HomeAssistantSlug.slug("Anna’s Apple Watch"))
        for name in ["Anna’s Apple Watch", "心拍計 ❤️", String(repeating: "x", count: 500)] {
            let slug = HomeAssistantSlug.slug(name)
            #expect(HomeAssistantSlug.isIdentifier(slug))
            #expect(slug.count <= HomeAssistantSlug.maxReadableLength + 1 + HomeAssistantSlug.hashLength)
            #expect(slug.hasSuffix("_" + HomeAssistantSlug.hashSuffix(name)))
        }
        #expect(HomeAssistantSensor.lastSample(source: "iPhone").objectID == "source_" + HomeAssistantSlug.slug("iPhone"))
    }

    @Test func lastSampleStatesUseTheSamplesOwnOffset() {
        // 2026-03-10T06:45:00Z in winter Berlin, in Tokyo, in New York (already on DST since
        // 8 March), in Kolkata (a half-hour offset); and in summer Berlin.
        #expect(InstantText.local(ms: 1_773_125_100_000, zone: "Europe/Berlin") == "2026-03-10T07:45:00+01:00")
        #expect(InstantText.local(ms: 1_773_125_100_000, zone: "Asia/Tokyo") == "2026-03-10T15:45:00+09:00")
        #expect(InstantText.local(ms: 1_773_125_100_000, zone: "America/New_York") == "2026-03-10T02:45:00-04:00")
        #expect(InstantText.local(ms: 1_773_125_100_000, zone: "Asia/Kolkata") == "2026-03-10T12:15:00+05:30")
        #expect(InstantText.local(ms: 1_783_665_900_999, zone: "Europe/Berlin") == "2026-07-10T08:45:00+02:00")
        #expect(InstantText.local(ms: 1_773_125_100_000, zone: "Not/AZone") == "2026-03-10T06:45:00+00:00")
        // A source's state is its newest sample's end in that sample's zone.
        let state = HealthState(sources: [
            SourceActivity(name: "iPhone", lastSampleEndMs: 1_773_100_000_000, timeZone: "Europe/Berlin"),
            SourceActivity(name: "iPhone", lastSampleEndMs: 1_773_125_100_000, timeZone: "Asia/Tokyo"),
        ])
        #expect(HomeAssistantPublisher.payload(of: .lastSample(source: "iPhone"), in: state) == "2026-03-10T15:45:00+09:00")
        #expect(HomeAssistantPublisher.payload(of: .lastSample(source: "Watch"), in: state) == "None")
    }

    @Test func numbersAreRoundedAndMissingFiguresAreUnknown() {
        let sensors = Dictionary(uniqueKeysWithValues: HomeAssistantSensor.standard.map { ($0.objectID, $0) })
        let state = HealthState(stepsToday: 8_123.4, activeEnergyTodayKcal: 0.2, sleepLastNightMinutes: 431.5,
                                restingHeartRateBpm: nil, hrvMs: .nan, weightKg: 72.46, readinessScore: 78)
        func payload(_ id: String) -> String { HomeAssistantPublisher.payload(of: sensors[id]!, in: state) }
        #expect(payload("steps_today") == "8123")
        #expect(payload("active_energy_today") == "0")
        #expect(payload("sleep_last_night") == "432")
        #expect(payload("resting_heart_rate") == "None")
        #expect(payload("heart_rate_variability") == "None")
        #expect(payload("weight") == "72.5")
        #expect(payload("readiness") == "78")
    }

    @Test func publishSendsOnlyWhatChanged() throws {
        let publisher = try Self.publisher()
        let client = RecordingClient()
        let first = try publisher.publish(state: Self.state, via: client)
        // Everything the first time: 9 configs, then 9 states, all retained with QoS 1.
        #expect(first.count == 18)
        #expect(first.prefix(9).allSatisfy { $0.topic.hasSuffix("/config") })
        #expect(first.suffix(9).allSatisfy { $0.topic.hasSuffix("/state") })
        #expect(client.sent.count == 18 && client.sent.allSatisfy { $0.retain && $0.qos == .atLeastOnce })

        #expect(try publisher.publish(state: Self.state, via: client).isEmpty)

        var next = Self.state
        next.stepsToday = 9_000
        next.sources.append(SourceActivity(name: "Oura", lastSampleEndMs: 1_773_120_000_000, timeZone: "Europe/Berlin"))
        let changed = try publisher.publish(state: next, via: client)
        let oura = HomeAssistantSensor.lastSample(source: "Oura")
        #expect(changed.map(\.topic) == [publisher.discoveryTopic(for: oura), "healthd/healthd/steps_today/state",
                                         publisher.stateTopic(for: oura)])
        #expect(changed[1].text == "9000")
        #expect(client.sent.count == 21)

        // A rounding-level change does not move the shown figure and sends nothing.
        next.stepsToday = 9_000.2
        #expect(try publisher.publish(state: next, via: client).isEmpty)

        publisher.reset()
        #expect(try publisher.publish(state: next, via: client).count == 20)
    }

    @Test func aRefusedMessageIsSentAgainNextTime() throws {
        let publisher = try Self.publisher()
        let client = RecordingClient(refuseAfter: 5)
        #expect(throws: MQTTError.self) { try publisher.publish(state: Self.state, via: client) }
        #expect(client.sent.count == 5)
        client.refuseAfter = nil
        let rest = try publisher.publish(state: Self.state, via: client)
        #expect(rest.count == 13)
        #expect(Set(client.sent.map(\.topic)).count == 18)
    }

    @Test func identifiersAreChecked() {
        for bad in ["", "anna/bob", "anna bob", "anna+", "#"] {
            #expect(throws: NotificationError.self) { try Self.publisher(nodeID: bad) }
        }
        #expect(throws: Never.self) { try Self.publisher(nodeID: "anna-2_B") }
    }

    @Test func theAvailabilityTopicIsTheClientsWill() throws {
        let publisher = try Self.publisher(nodeID: "anna")
        #expect(publisher.availability == MQTTAvailability(topic: "healthd/anna/availability", online: "online", offline: "offline"))
        // The real client takes the publisher's messages through the same protocol.
        var configuration = MQTTClientConfiguration(host: "127.0.0.1", port: 1, clientID: "healthd-test")
        configuration.availability = publisher.availability
        let client: any MQTTPublishing = try MQTTClient(configuration: configuration)
        #expect(client is MQTTClient)
    }
}

/// Records what the publisher hands over; refuses after `refuseAfter` messages if set.
final class RecordingClient: MQTTPublishing {
    struct Sent: Sendable {
        var topic: String
        var payload: [UInt8]
        var retain: Bool
        var qos: QoS
    }

    private let state = Locked<(sent: [Sent], refuseAfter: Int?)>(([], nil))

    init(refuseAfter: Int? = nil) {
        state.withLock { $0.refuseAfter = refuseAfter }
    }

    var sent: [Sent] { state.withLock { $0.sent } }

    var refuseAfter: Int? {
        get { state.withLock { $0.refuseAfter } }
        set { state.withLock { $0.refuseAfter = newValue } }
    }

    func enqueue(topic: String, payload: [UInt8], retain: Bool, qos: QoS) throws(MQTTError) {
        let refused = state.withLock { state -> Bool in
            if let limit = state.refuseAfter, state.sent.count >= limit { return true }
            state.sent.append(Sent(topic: topic, payload: payload, retain: retain, qos: qos))
            return false
        }
        if refused { throw MQTTError(.queueFull, "full") }
    }
}
