import HealthDomain
import HealthStore

/// The IANA time zone a summary is told in, and why that one: it decides what "today"
/// and "yesterday" mean and how clock times are written, and the answer names it.
public struct SummaryZone: Sendable, Equatable {
    public enum Origin: String, Sendable {
        /// The request's `timezone`.
        case request
        /// The server's configured default (`--timezone` / `HEALTHD_TIMEZONE`).
        case serverDefault = "server_default"
        /// The timezone of the most recent stored sample.
        case latestSample = "latest_sample"
        /// No other answer: UTC.
        case utcFallback = "utc_fallback"
    }

    public var name: String
    public var origin: Origin

    public init(name: String, origin: Origin) {
        self.name = name
        self.origin = origin
    }

    /// The request's zone, else the server default, else the zone of the most recent
    /// sample of a canonical metric, else UTC. Reads through `reader`, so a summary resolves
    /// its zone in the same read transaction (the same snapshot) it is built from.
    static func resolve(requested: String?, serverDefault: String?, reader: StoreReader) throws -> SummaryZone {
        if let requested { return SummaryZone(name: requested, origin: .request) }
        if let serverDefault { return SummaryZone(name: serverDefault, origin: .serverDefault) }
        let latest = try reader.latestSample(beforeMs: Int64.max)
        if let zone = latest?.timezone, KnownTimeZones.contains(zone) { return SummaryZone(name: zone, origin: .latestSample) }
        return SummaryZone(name: "UTC", origin: .utcFallback)
    }

    /// Today's local date in this zone.
    func today(nowMs: Int64) -> DayKey { ZoneClock.shared.dayKey(atMs: nowMs, zone: name) }
}
