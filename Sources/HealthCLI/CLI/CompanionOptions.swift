import HealthAPI
import HealthService

/// The serve options the server's companions take: the zone of "today" for the changes
/// feed's watcher (`--timezone`), and the request log for their lines.
enum CompanionOptions {
    static func feed(config: ServerConfig, log: RequestLog) -> FeedCompanion.Configuration {
        var feed = FeedCompanion.Configuration()
        feed.watcher.defaultZone = config.defaultTimezone
        feed.log = { log.message($0) }
        return feed
    }
}
