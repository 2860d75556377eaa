import Foundation
import Locking

/// Which time zone identifiers ingest accepts: real IANA names only.
///
/// Foundation also resolves abbreviations and POSIX-style names ("PST", "EST5EDT",
/// "GMT+2") that are not IANA zones and mean different things to different systems, so
/// `TimeZone(identifier:)` alone is not enough. An identifier is accepted when
/// Foundation resolves it and it is either in `TimeZone.knownTimeZoneIdentifiers` or an
/// `Area/Location` name under an IANA area (Linux Foundation's known list lacks some
/// current names, e.g. "Asia/Kolkata"), or a UTC spelling, or a fixed offset written as
/// ``FixedOffsetZone`` names it (`UTC+09:00`).
public enum KnownTimeZones {
    static let areas: Set<Substring> = [
        "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe",
        "Indian", "Pacific",
    ]
    static let utcNames: Set<String> = ["UTC", "Etc/UTC", "GMT", "Etc/GMT"]
    static let known = Set(TimeZone.knownTimeZoneIdentifiers)
    /// Verdicts per identifier, so Foundation is consulted once per name. Bounded so a
    /// client sending garbage cannot grow it without limit.
    static let verdicts = Locked<[String: Bool]>([:])
    static let verdictLimit = 4096

    /// Whether `identifier` is an accepted IANA time zone name.
    public static func contains(_ identifier: String) -> Bool {
        if let cached = verdicts.withLock({ $0[identifier] }) { return cached }
        let verdict = evaluate(identifier)
        verdicts.withLock { cache in
            if cache.count < verdictLimit { cache[identifier] = verdict }
        }
        return verdict
    }

    static func evaluate(_ identifier: String) -> Bool {
        if FixedOffsetZone.offsetSeconds(identifier) != nil { return true }
        guard !identifier.isEmpty, identifier.utf8.count <= 64, TimeZone(identifier: identifier) != nil else { return false }
        if utcNames.contains(identifier) || known.contains(identifier) { return true }
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 2 && areas.contains(parts[0]) && parts.allSatisfy { !$0.isEmpty }
    }
}
