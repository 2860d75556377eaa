import Testing
@testable import HealthCLI
import HealthService

/// `healthd serve`'s Home Assistant options: the broker URL from a flag or the environment,
/// the login from the environment, and usage errors that never echo a password.
@Suite struct MQTTOptionsTests {
    @Test func noBrokerNoHomeAssistantAndTheOtherFlagsPassThrough() throws {
        let (options, rest) = try ServeOptions.homeAssistant(["--port", "0", "--db=/tmp/x.sqlite", "--quiet"], environment: [:])
        #expect(options == nil)
        #expect(rest == ["--port", "0", "--db=/tmp/x.sqlite", "--quiet"])
    }

    @Test func theURLFlagAndTheLoginFromTheEnvironment() throws {
        let (found, rest) = try ServeOptions.homeAssistant(
            ["--port", "0", "--mqtt-url", "mqtt://broker.lan:1884", "--mqtt-node-id=anna", "--db", "/tmp/x.sqlite"],
            environment: ["HEALTHD_MQTT_USER": "ha", "HEALTHD_MQTT_PASSWORD": "p@ss:word", "HEALTHD_MQTT_URL": "mqtt://ignored"])
        let options = try #require(found)
        #expect(rest == ["--port", "0", "--db", "/tmp/x.sqlite"])
        #expect(options.broker.host == "broker.lan" && options.broker.port == 1884)
        #expect(options.broker.userName == "ha" && options.broker.password == "p@ss:word")
        #expect(options.nodeID == "anna" && options.discoveryPrefix == "homeassistant")
        #expect(options.clientID == "healthd-anna")
        #expect(options.configuration(version: "1.0").nodeID == "anna")
        // What the server logs about the broker hides the password.
        #expect(options.broker.description == "mqtt://ha:***@broker.lan:1884")
        // The rest is what the main parser accepts.
        #expect(try ServeOptions.parse(rest, environment: [:]).databasePath == "/tmp/x.sqlite")
    }

    @Test func theEnvironmentAloneIsEnough() throws {
        let (found, rest) = try ServeOptions.homeAssistant([], environment: [
            "HEALTHD_MQTT_URL": "mqtt://127.0.0.1", "HEALTHD_MQTT_DISCOVERY_PREFIX": "ha-discovery", "HEALTHD_MQTT_USER": "",
        ])
        let options = try #require(found)
        #expect(rest.isEmpty)
        #expect(options.broker.host == "127.0.0.1" && options.broker.port == 1883)
        #expect(options.broker.userName == nil && options.broker.password == nil)
        #expect(options.discoveryPrefix == "ha-discovery" && options.clientID == "healthd")
        // A login in the URL is used when the environment names none, and replaced when it does.
        let inURL = try #require(try ServeOptions.homeAssistant(["--mqtt-url", "mqtt://u:pw@h"], environment: [:]).options)
        #expect(inURL.broker.userName == "u" && inURL.broker.password == "pw")
        let replaced = try #require(try ServeOptions.homeAssistant(["--mqtt-url", "mqtt://u:pw@h"],
                                                                   environment: ["HEALTHD_MQTT_USER": "v", "HEALTHD_MQTT_PASSWORD": "x"]).options)
        #expect(replaced.broker.userName == "v" && replaced.broker.password == "x")
    }

    @Test func badOptionsAreUsageErrorsThatHideThePassword() throws {
        let cases: [([String], [String: String], String)] = [
            (["--mqtt-url", "http://broker:1883"], [:], "is not mqtt://"),
            (["--mqtt-url", "mqtts://broker"], [:], "TLS"),
            (["--mqtt-url", "broker:1883"], [:], "no scheme"),
            (["--mqtt-url", "mqtt://u:secret-pw@broker:99999"], [:], "port"),
            (["--mqtt-url", "mqtt://broker/topic"], [:], "path"),
            (["--mqtt-url", ""], [:], "no scheme"),
            (["--mqtt-url"], [:], "--mqtt-url needs a value"),
            (["--mqtt-url", "mqtt://broker"], ["HEALTHD_MQTT_PASSWORD": "secret-pw"], "needs a user name"),
            (["--mqtt-url", "mqtt://broker", "--mqtt-node-id", "anna/bob"], [:], "--mqtt-node-id may only contain"),
            (["--mqtt-url", "mqtt://broker", "--mqtt-discovery-prefix", "home assistant"], [:], "--mqtt-discovery-prefix may only contain"),
            (["--mqtt-node-id", "anna"], [:], "need --mqtt-url"),
        ]
        for (arguments, environment, needle) in cases {
            do {
                _ = try ServeOptions.homeAssistant(arguments, environment: environment)
                Issue.record("accepted \(arguments)")
            } catch let error as ServeOptions.UsageError {
                #expect(error.description.contains(needle), "\(arguments): \(error.description)")
                #expect(!error.description.contains("secret-pw"), "\(arguments): the password was echoed")
            }
        }
    }

    @Test func theHelpListsTheOptions() {
        for needle in ["--mqtt-url URL", "HEALTHD_MQTT_URL", "--mqtt-node-id", "HEALTHD_MQTT_USER", "HEALTHD_MQTT_PASSWORD"] {
            #expect(ServeOptions.help.contains(needle), "\(needle)")
        }
    }
}
