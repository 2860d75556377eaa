import Foundation
import MQTT
import Testing

/// The client against a real broker, run by `.ci/mqtt-check` (which starts mosquitto and
/// sets MQTT_CHECK_URL); skipped otherwise. With MQTT_CHECK_PIDFILE set it writes its
/// process id there after publishing and waits to be killed with SIGKILL, so the script can
/// see the broker publish the will.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["MQTT_CHECK_URL"] != nil))
struct LiveBrokerTests {
    @Test func publishToARealBroker() async throws {
        let environment = ProcessInfo.processInfo.environment
        let url = try MQTTBrokerURL(parsing: try #require(environment["MQTT_CHECK_URL"]))
        var configuration = MQTTClientConfiguration(url: url, clientID: "healthd-check")
        configuration.availability = MQTTAvailability(topic: "healthd-check/status")
        configuration.keepAlive = 5
        let client = try MQTTClient(configuration: configuration)
        client.start()
        try await client.publish(topic: "healthd-check/steps", payload: "8123", retain: true)
        try await client.publish(topic: "healthd-check/note", payload: "qos0", retain: true, qos: .atMostOnce)
        #expect(client.state == .connected)
        if let pidFile = environment["MQTT_CHECK_PIDFILE"] {
            try String(getpid()).write(toFile: pidFile, atomically: true, encoding: .utf8)
            try await Task.sleep(for: .seconds(120))
            Issue.record("the check did not kill this process")
        }
        await client.shutdown()
    }
}
