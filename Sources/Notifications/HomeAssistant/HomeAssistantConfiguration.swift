/// Names and topics of the Home Assistant device the server appears as.
public struct HomeAssistantConfiguration: Sendable, Equatable {
    /// The node id: one per person's server, `[A-Za-z0-9_-]`. It names the topics and
    /// prefixes every unique id, so two people on one broker never collide.
    public var nodeID: String
    /// The device's name in Home Assistant (it prefixes every entity's name).
    public var deviceName: String
    /// The device's model.
    public var model: String
    /// The server's version.
    public var softwareVersion: String
    /// Home Assistant's discovery prefix.
    public var discoveryPrefix = "homeassistant"
    /// The first segment of state and availability topics.
    public var topicPrefix = "healthd"

    /// A configuration; the defaults suit a single-person server.
    public init(nodeID: String = "healthd", deviceName: String = "healthd", model: String = "Personal health server",
                softwareVersion: String) {
        self.nodeID = nodeID
        self.deviceName = deviceName
        self.model = model
        self.softwareVersion = softwareVersion
    }
}
