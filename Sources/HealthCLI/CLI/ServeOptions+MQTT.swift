import HealthService

extension ServeOptions {
    /// The `--mqtt-*` flags and `HEALTHD_MQTT_*` variables, as help lines for `ServeOptions.help`.
    public static let mqttHelp = """
      --mqtt-url URL            publish to Home Assistant through the MQTT broker at
                                mqtt://host[:port] (default port 1883; no TLS)                [HEALTHD_MQTT_URL]
      --mqtt-node-id ID         the device and topic name, [A-Za-z0-9_-] (default healthd)   [HEALTHD_MQTT_NODE_ID]
      --mqtt-discovery-prefix P Home Assistant's discovery prefix (default homeassistant)   [HEALTHD_MQTT_DISCOVERY_PREFIX]
                                The broker login comes from HEALTHD_MQTT_USER and HEALTHD_MQTT_PASSWORD.
    """

    /// Takes the Home Assistant options out of `arguments`: the options (nil without a
    /// broker URL) and the arguments left for ``parse(_:environment:)``. Flags win over
    /// `HEALTHD_MQTT_URL`, `HEALTHD_MQTT_NODE_ID` and `HEALTHD_MQTT_DISCOVERY_PREFIX`;
    /// `HEALTHD_MQTT_USER` and `HEALTHD_MQTT_PASSWORD` win over a login in the URL (which
    /// `ps` would show). Throws ``UsageError`` for a URL that is not `mqtt://`, a password
    /// without a user, a bad node id or prefix, or a node flag without a broker.
    public static func homeAssistant(_ arguments: [String], environment: [String: String])
        throws -> (options: HomeAssistantOptions?, rest: [String]) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var url = value("HEALTHD_MQTT_URL")
        var nodeID = value("HEALTHD_MQTT_NODE_ID")
        var prefix = value("HEALTHD_MQTT_DISCOVERY_PREFIX")
        // The other flags pass through untouched (values included) for the main parser.
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let flag = String(parts[0])
            guard ["--mqtt-url", "--mqtt-node-id", "--mqtt-discovery-prefix"].contains(flag) else {
                rest.append(argument)
                continue
            }
            let given: String
            if parts.count == 2 {
                given = String(parts[1])
            } else {
                guard index < arguments.count else { throw UsageError("\(flag) needs a value") }
                given = arguments[index]
                index += 1
            }
            switch flag {
            case "--mqtt-url": url = given
            case "--mqtt-node-id": nodeID = given
            default: prefix = given
            }
        }
        guard let url else {
            if nodeID != nil || prefix != nil {
                throw UsageError("--mqtt-node-id and --mqtt-discovery-prefix need --mqtt-url (or HEALTHD_MQTT_URL)")
            }
            return (nil, rest)
        }
        var options: HomeAssistantOptions
        do {
            options = try HomeAssistantOptions(url: url, userName: value("HEALTHD_MQTT_USER"), password: value("HEALTHD_MQTT_PASSWORD"))
            if let nodeID { options.nodeID = nodeID }
            if let prefix { options.discoveryPrefix = prefix }
            try options.validate()
        } catch {
            throw UsageError("\(error)")
        }
        return (options, rest)
    }
}
