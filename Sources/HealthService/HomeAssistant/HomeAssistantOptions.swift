import MQTT
import Notifications

/// What `healthd serve` needs to show its figures in Home Assistant: the broker, the login
/// and the names the sensors appear under.
public struct HomeAssistantOptions: Sendable, Equatable {
    /// The broker and the login (``MQTTBrokerURL``; its description hides the password).
    public var broker: MQTTBrokerURL
    /// The node id: it names the topics and prefixes every entity id; one per person when
    /// several servers share a broker.
    public var nodeID = "healthd"
    /// Home Assistant's discovery prefix.
    public var discoveryPrefix = "homeassistant"
    /// The zone "today" is counted in; nil follows the summaries.
    public var timezone: String?

    /// Options for the broker at `url` (`mqtt://[user[:password]@]host[:port]`). `userName`
    /// and `password` replace the URL's when given; a password needs a user name (MQTT
    /// 3.1.1 sends none without one).
    public init(url: String, userName: String? = nil, password: String? = nil) throws(MQTTError) {
        broker = try MQTTBrokerURL(parsing: url)
        if let userName { broker.userName = userName }
        if let password { broker.password = password }
        if broker.password != nil && broker.userName == nil {
            throw MQTTError(.invalidURL, "an MQTT password needs a user name (HEALTHD_MQTT_USER or user@ in the URL)")
        }
    }

    /// Throws a sentence naming the option when the node id or discovery prefix is not a
    /// run of `[A-Za-z0-9_-]` (they become topic segments and entity ids).
    public func validate() throws(NotificationError) {
        for (label, value) in [("--mqtt-node-id", nodeID), ("--mqtt-discovery-prefix", discoveryPrefix)]
        where !HomeAssistantSlug.isIdentifier(value) {
            throw NotificationError(.invalidIdentifier, "\(label) may only contain A-Z, a-z, 0-9, _ and - (got '\(value.prefix(40))')")
        }
    }

    /// The MQTT client identifier: `healthd-` and the node id, at most 23 characters (the
    /// length every broker must accept). A second connection with the same identifier
    /// replaces the first, which is right for a restarted server and keeps two servers of
    /// one node id from both publishing.
    public var clientID: String {
        String((nodeID == "healthd" ? "healthd" : "healthd-" + nodeID).prefix(23))
    }

    /// The publisher's names and topics for a server of `version`.
    public func configuration(version: String) -> HomeAssistantConfiguration {
        var configuration = HomeAssistantConfiguration(nodeID: nodeID, softwareVersion: version)
        configuration.discoveryPrefix = discoveryPrefix
        return configuration
    }
}
