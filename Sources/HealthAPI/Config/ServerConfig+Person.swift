import HealthStore

extension ServerConfig {
    /// This configuration with a person's own time zone and source priority, where they set one.
    public func applying(_ person: Person?) -> ServerConfig {
        var config = self
        if let zone = person?.timezone { config.defaultTimezone = zone }
        if let priority = person?.sourcePriority { config.sourcePriority = priority }
        return config
    }
}
