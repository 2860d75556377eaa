import MQTT
import Testing

/// `mqtt://user:pass@host:port` parsing.
@Suite struct BrokerURLTests {
    @Test func accepted() throws {
        let cases: [(String, MQTTBrokerURL)] = [
            ("mqtt://user:pass@broker.local:1884", MQTTBrokerURL(host: "broker.local", port: 1884, userName: "user", password: "pass")),
            ("mqtt://127.0.0.1", MQTTBrokerURL(host: "127.0.0.1", port: 1883)),
            ("MQTT://host:1/", MQTTBrokerURL(host: "host", port: 1)),
            ("mqtt://[::1]:1883", MQTTBrokerURL(host: "::1", port: 1883)),
            ("mqtt://[::1]", MQTTBrokerURL(host: "::1", port: 1883)),
            ("mqtt://only-user@h", MQTTBrokerURL(host: "h", userName: "only-user")),
            ("mqtt://u:@h", MQTTBrokerURL(host: "h", userName: "u", password: "")),
            ("mqtt://us%40er:p%3Ass%2F%C3%BC@h:2000", MQTTBrokerURL(host: "h", port: 2000, userName: "us@er", password: "p:ss/ü")),
            ("mqtt://u:p@ss@h", MQTTBrokerURL(host: "h", userName: "u", password: "p@ss")),
        ]
        for (text, expected) in cases {
            #expect(try MQTTBrokerURL(parsing: text) == expected, "\(text)")
        }
    }

    @Test func refused() {
        for text in ["mqtts://h", "http://h", "h:1883", "mqtt://", "mqtt://h:0", "mqtt://h:65536", "mqtt://h:abc", "mqtt://h:",
                     "mqtt://h/path", "mqtt://h?x=1", "mqtt://:pass@h", "mqtt://u:%zz@h", "mqtt://[::1", "mqtt://[::1]x",
                     "mqtt://u:p@", "mqtt://h:+80", "mqtt://u:%FF@h"] {
            do {
                let url = try MQTTBrokerURL(parsing: text)
                Issue.record("\(text) parsed as \(url)")
            } catch {
                #expect(error.kind == .invalidURL, "\(text)")
            }
        }
    }

    @Test func thePasswordNeverShows() throws {
        let url = try MQTTBrokerURL(parsing: "mqtt://user:s3cret@h:1884")
        #expect(url.description == "mqtt://user:***@h:1884")
        do {
            _ = try MQTTBrokerURL(parsing: "mqtts://user:s3cret@h:1884")
        } catch {
            #expect(!error.message.contains("s3cret"))
        }
        #expect(MQTTBrokerURL(host: "::1").description == "mqtt://[::1]:1883")
    }

    @Test func configurationTakesTheCredentials() throws {
        let configuration = MQTTClientConfiguration(url: try MQTTBrokerURL(parsing: "mqtt://u:p@h:1999"), clientID: "c")
        #expect(configuration.host == "h" && configuration.port == 1999)
        #expect(configuration.userName == "u" && configuration.password == "p")
    }
}
