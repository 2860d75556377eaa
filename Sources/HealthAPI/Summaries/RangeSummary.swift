import HealthDomain
import JSON
import SQLiteStore

/// A span of days (at most 366) in numbers and one quotable sentence: per metric the
/// total or average, min/max days, trend, coverage and the change against the previous
/// span of the same length. Sized for an LLM context: no per-day lists (those come from
/// the `metric_series` intent).
struct RangeSummary: Sendable {
    static let maxDays = 366

    var from: DayKey
    var to: DayKey
    var zone: SummaryZone
    var nowMs: Int64
    var queued: [QueuedEntry]
    var priority: SourcePriority

    var length: Int { to.ordinal - from.ordinal + 1 }
    var previousFrom: DayKey { from.adding(days: -length) }
    var previousTo: DayKey { from.adding(days: -1) }

    func build(_ db: Database) throws -> JSONValue {
        // Headline numbers and latest readings come straight from SQLite; no aggregate
        // is parsed in Swift, which keeps a 366-day summary (plus the previous 366) fast.
        let table = try DayTable.load(db, from: previousFrom, to: to) { _, _ in false }
        let asOf = try Provenance.asOf(db, beforeMs: ZoneClock.shared.endOfDayMs(to, zone: zone.name))
        return render(table, asOfMs: asOf, sources: try DayTable.sources(db, from: from, to: to),
                      stages: try DayTable.sleepStageAverages(db, from: from, to: to))
    }

    func statistics(_ metric: Metric, _ table: DayTable) -> (current: RangeStatistics, previous: RangeStatistics) {
        (RangeStatistics(table.series(metric, from: from, to: to), daysInRange: length),
         RangeStatistics(table.series(metric, from: previousFrom, to: previousTo), daysInRange: length))
    }

    func render(_ table: DayTable, asOfMs: Int64?, sources: [String], stages: [String: Double]?) -> JSONValue {
        var metrics: [String: JSONValue] = [:]
        var missing: [JSONValue] = []
        var coverage: [(metric: Metric, daysWithData: Int, daysInRange: Int)] = []
        var stats: [Metric: (current: RangeStatistics, previous: RangeStatistics)] = [:]
        for metric in Metric.summaryOrder {
            let s = statistics(metric, table)
            stats[metric] = s
            coverage.append((metric, s.current.daysWithData, length))
            if s.current.daysWithData == 0 { missing.append(.string(metric.rawValue)) }
            metrics[metric.rawValue] = .object(RangeSummary.metricJSON(metric, s.current, previous: s.previous, sleepStages: stages))
        }
        let provenance = Provenance(asOfMs: asOfMs, sources: sources, coverage: coverage)
        let today = zone.today(nowMs: nowMs)
        return [
            "kind": "range_summary",
            "from": .string(from.description),
            "to": .string(to.description),
            "days": .number(Double(length)),
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "rangeStatus": .string(to < today ? "complete" : (from > today ? "future" : "in_progress")),
            "previousRange": ["from": .string(previousFrom.description), "to": .string(previousTo.description)],
            "metrics": .object(metrics),
            "missing": .array(missing),
            "queued": queued.json,
            "provenance": provenance.json(zone: zone, priority: priority),
            "text": .string(text(stats)),
        ]
    }

    static func point(_ item: (day: DayKey, value: Double)?, _ metric: Metric) -> JSONValue {
        guard let item else { return .null }
        return ["day": .string(item.day.description), "value": SummaryNumber.value(item.value, metric: metric)]
    }

    /// One metric of a range: the same keys whether or not it has data, nulls where none.
    static func metricJSON(_ metric: Metric, _ s: RangeStatistics, previous: RangeStatistics?, sleepStages: [String: Double]?) -> [String: JSONValue] {
        var out: [String: JSONValue] = [
            "status": s.daysWithData == 0 ? "no_data" : "ok",
            "unit": .string(metric.summaryUnit),
            "daysWithData": .number(Double(s.daysWithData)),
            "daysInRange": .number(Double(s.daysInRange)),
        ]
        guard s.daysWithData > 0 else { return out }
        out["average"] = SummaryNumber.value(s.average, metric: metric)
        out["min"] = point(s.min, metric)
        out["max"] = point(s.max, metric)
        switch metric.summaryKind {
        case .total:
            out["total"] = SummaryNumber.value(s.total, metric: metric)
        case .latest:
            out["first"] = point(s.first, metric)
            out["last"] = point(s.last, metric)
            if let first = s.first, let last = s.last { out["change"] = SummaryNumber.rounded(last.value - first.value, decimals: 1) }
        case .sleep:
            if let stages = sleepStages {
                out["averageStages"] = .object(stages.mapValues { SummaryNumber.rounded($0, decimals: 0) })
            }
        case .average:
            break
        }
        if let slope = s.slopePerDay, let direction = s.direction {
            out["trend"] = ["direction": .string(direction), "slopePerWeek": SummaryNumber.rounded(slope * 7, decimals: metric.summaryDecimals + 1)]
        } else {
            out["trend"] = ["direction": "insufficient_data", "slopePerWeek": nil]
        }
        if let previous {
            var p: [String: JSONValue] = ["daysWithData": .number(Double(previous.daysWithData))]
            let key = metric.summaryKind == .latest ? "last" : "average"
            if let before = previous.headline(metric.summaryKind), let now = s.headline(metric.summaryKind) {
                p[key] = SummaryNumber.value(before, metric: metric)
                p["change"] = SummaryNumber.rounded(now - before, decimals: metric.summaryDecimals)
                p["changePercent"] = before != 0 ? SummaryNumber.rounded((now - before) / abs(before) * 100, decimals: 1) : .null
            } else {
                p[key] = .null
                p["change"] = .null
                p["changePercent"] = .null
            }
            out["previous"] = .object(p)
        }
        return out
    }

    /// "Mon 2 Nov – Sun 8 Nov 2026 (7 days): 8,100 steps/day (7 of 7 days; 5% above the
    /// previous 7 days), slept 7 h 05 min/night (…), …".
    func text(_ stats: [Metric: (current: RangeStatistics, previous: RangeStatistics)]) -> String {
        func coverage(_ s: RangeStatistics, unit: String = "days") -> String { "\(s.daysWithData) of \(s.daysInRange) \(unit)" }
        func versusPrevious(_ metric: Metric) -> String? {
            let s = stats[metric]!
            guard let now = s.current.headline(metric.summaryKind), let before = s.previous.headline(metric.summaryKind), before > 0 else { return nil }
            return "\(SummaryText.comparison(percent: (now - before) / before * 100)) the previous \(length) days"
        }
        var parts: [String] = []
        for metric in [Metric.stepCount, .sleepSegment] {
            let s = stats[metric]!.current
            guard s.daysWithData > 0 else { parts.append("no \(metric.textName) data"); continue }
            var detail = [coverage(s, unit: metric == .sleepSegment ? "nights" : "days")]
            if let direction = s.direction, direction != "steady" { detail.append(direction) }
            if let versus = versusPrevious(metric) { detail.append(versus) }
            let head = metric == .stepCount ? "\(SummaryText.integer(s.average)) steps/day" : "slept \(SummaryText.duration(minutes: Int(s.average.rounded())))/night"
            parts.append("\(head) (\(detail.joined(separator: "; ")))")
        }
        for (metric, prefix) in [(Metric.restingHeartRateBpm, "resting HR"), (.hrvSdnnMs, "HRV")] {
            let s = stats[metric]!.current
            guard s.daysWithData > 0 else { parts.append("no \(metric.textName) data"); continue }
            var part = "\(prefix) \(metric.textValue(s.average)) avg"
            if s.daysWithData < length { part += " (\(coverage(s)))" }
            parts.append(part)
        }
        for (metric, prefix) in [(Metric.bodyMassKg, "weight"), (.bodyFatPercent, "body fat")] {
            let s = stats[metric]!.current
            guard let first = s.first, let last = s.last else { parts.append("no \(metric.textName) data"); continue }
            parts.append(first.day == last.day ? "\(prefix) \(metric.textValue(last.value))"
                         : "\(prefix) \(metric.textValue(first.value)) → \(metric.textValue(last.value))")
        }
        let eaten = stats[.dietaryEnergyKcal]!.current
        let active = stats[.activeEnergyKcal]!.current
        var energy = SummaryText.energy(eaten: eaten.daysWithData > 0 ? eaten.average : nil, active: active.daysWithData > 0 ? active.average : nil, per: "/day")
        if eaten.daysWithData > 0, eaten.daysWithData < length { energy += " (food logged \(coverage(eaten)))" }
        parts.append(energy)
        var sentence = "\(SummaryText.range(from, to)) (\(length) \(length == 1 ? "day" : "days")): \(parts.joined(separator: ", "))."
        if let queuedText = queued.text { sentence += " \(queuedText.prefix(1).uppercased())\(queuedText.dropFirst())." }
        return sentence
    }
}
