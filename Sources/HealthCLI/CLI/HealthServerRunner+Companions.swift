import HealthAPI
import HealthService
import HealthStore

extension HealthServerRunner {
    /// The companions `serve` runs beside HTTP, from its options; throws when one cannot
    /// be set up (its message names the option, never a secret).
    static func makeCompanions(store: SampleStore, config: ServerConfig, homeAssistant: HomeAssistantOptions?,
                               log: RequestLog) throws -> ServiceCompanions {
        var service: HomeAssistantService?
        if var options = homeAssistant {
            // "Today" on Home Assistant's sensors is the summaries' today.
            if options.timezone == nil { options.timezone = config.defaultTimezone }
            service = try HomeAssistantService(options: options, store: store, version: HealthAPIVersion.current,
                                               now: { AppClock.system.now() }, log: { log.message($0) })
            log.message("home assistant: publishing to \(options.broker) as node \(options.nodeID)")
        }
        return ServiceCompanions(store: store, feed: CompanionOptions.feed(config: config, log: log), homeAssistant: service)
    }
}
