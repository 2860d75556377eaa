import HealthDomain
import JSON
import HealthStore

/// Where a summary's numbers come from: the latest sample time used, the contributing
/// sources, the de-duplication rule, and per-metric coverage (days with data vs days
/// asked for), so an agent can tell "no data" and "partial data" from a real value.
struct Provenance: Sendable {
    var asOfMs: Int64?
    /// Source names as the aggregates hold them (as the samples spelled them), each with
    /// how recently it was seen (the day ordinal): one source spelled two ways is listed
    /// once, under its most recent spelling (``SourceName/latestSpellings(_:)``).
    var sources: [(name: String, recency: Int64)]
    var coverage: [(metric: Metric, daysWithData: Int, daysInRange: Int)]

    func json(zone: SummaryZone, priority: SourcePriority) -> JSONValue {
        .object(members(zone: zone, priority: priority))
    }

    /// The members of ``json(zone:priority:)``, for answers that leave some out.
    func members(zone: SummaryZone, priority: SourcePriority) -> [String: JSONValue] {
        // Ranked by the normal form, shown as spelled.
        let ranked = SourceName.latestSpellings(sources).map { (rank: priority.rank(sourceName: $0, bundleId: nil), name: $0) }
            .sorted { $0.rank < $1.rank }.map(\.name)
        var coverageJSON: [String: JSONValue] = [:]
        for item in coverage {
            coverageJSON[item.metric.rawValue] = ["daysWithData": .number(Double(item.daysWithData)), "daysInRange": .number(Double(item.daysInRange))]
        }
        return [
            "asOf": asOfMs.map { .string(SummaryText.isoLocal(atMs: $0, zone: zone.name)) } ?? .null,
            "asOfMs": asOfMs.map { .number(Double($0)) } ?? .null,
            "sources": .array(ranked.map(JSONValue.string)),
            "deduplication": .string(Provenance.deduplicationRule(priority)),
            "coverage": .object(coverageJSON),
        ]
    }

    /// The rule in one sentence, with the configured priority spelled out.
    static func deduplicationRule(_ priority: SourcePriority) -> String {
        let order = priority.patterns.map { "'\($0)'" } + ["other sources"]
        return "Steps and active energy: per-source totals are kept and the day total follows source priority (\(order.joined(separator: ", then "))): where a higher-priority source has data, overlapping samples of lower-priority sources count only their uncovered fraction. Sleep: one source per night, the highest-priority one with stage data; coarse 'asleep' is ignored where stages exist. Dietary energy and point readings: every sample counts."
    }
}
