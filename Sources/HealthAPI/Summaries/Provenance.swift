import HealthDomain
import JSON
import SQLiteStore

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

    /// The latest sample end, capped at `beforeMs`, among canonical samples that start
    /// before `beforeMs`: the moment the answer is current as of.
    ///
    /// Per metric: one index seek finds the latest start; only samples starting within
    /// the metric's longest duration before it can end later, so just those are read.
    static func asOf(_ db: Database, catalog: MetricCatalog, beforeMs: Int64) throws -> Int64? {
        let latestStart = try db.statement("SELECT max(start_ms) FROM samples WHERE metric = ? AND start_ms < ?")
        let latestEnd = try db.statement("SELECT max(min(end_ms, ?1)) FROM samples WHERE metric = ?2 AND start_ms >= ?3 AND start_ms < ?1")
        let extents = try MetricExtent.loadAll(db)
        var best: Int64?
        // Only metrics that ever had a sample have a recorded extent: a catalog of
        // ~180 entries costs two seeks per metric actually stored, not per entry.
        for metric in catalog.metrics where extents[metric] != nil {
            try latestStart.bind(1, metric.rawValue)
            try latestStart.bind(2, beforeMs)
            let start = try latestStart.step() ? latestStart.optionalInt64(0) : nil
            latestStart.reset()
            guard let start else { continue }
            try latestEnd.bind(1, beforeMs)
            try latestEnd.bind(2, metric.rawValue)
            try latestEnd.bind(3, start - ((extents[metric]?.maxDurationMs ?? 0)))
            if try latestEnd.step(), let end = latestEnd.optionalInt64(0), end > (best ?? Int64.min) { best = end }
            latestEnd.reset()
        }
        return best
    }
}
