import HealthDomain
import SQLiteStore

/// A source and its newest sample: when that sample ended and the IANA zone it was
/// recorded in, so a "last sample" time can be shown with the device's own offset.
public struct SourceNewestSample: Sendable, Equatable {
    /// The name as the newest sample spelled it; empty for samples that named none.
    public var source: String
    /// The newest sample's end, Unix epoch milliseconds.
    public var endMs: Int64
    /// The newest sample's own IANA zone.
    public var timezone: String

    /// One scan of `samples` (``OriginEnds``), then per spelling the newest origin, whose
    /// zone is the newest sample's; spellings that differ only in apostrophes or spaces
    /// merged into one source, shown as its newest sample spelled it. Sorted by name
    /// (UTF-8 bytes). Reads every row: callers decide how often that is worth it.
    static func all(_ db: Database) throws -> [SourceNewestSample] {
        let byOrigin = try OriginEnds.scan(db)
        var bySpelling: [String: (endMs: Int64, zone: String)] = [:]
        let origins = try db.query("SELECT id, source_name, timezone FROM sample_origins ORDER BY id", []) {
            ($0.int64(0), $0.optionalText(1) ?? "", $0.text(2))
        }
        for (origin, name, zone) in origins {
            guard let end = byOrigin[origin]?.lastMs else { continue }
            // Of two origins as new as each other, the lower id (the older origin) keeps its zone.
            if let seen = bySpelling[name], seen.endMs >= end { continue }
            bySpelling[name] = (end, zone)
        }
        var grouped: [String: SourceNewestSample] = [:]
        for (name, seen) in bySpelling {
            let key = SourceName.normalized(name)
            let candidate = SourceNewestSample(source: name, endMs: seen.endMs, timezone: seen.zone)
            guard let held = grouped[key] else {
                grouped[key] = candidate
                continue
            }
            // The newer spelling wins; of two equally new ones the greater in UTF-8 order,
            // so the answer never depends on the dictionary's order.
            if candidate.endMs > held.endMs || (candidate.endMs == held.endMs && held.source.utf8.lexicographicallyPrecedes(candidate.source.utf8)) {
                grouped[key] = candidate
            }
        }
        return grouped.values.sorted { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
    }
}
