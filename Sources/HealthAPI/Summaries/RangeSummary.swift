import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// A span of days (at most 366) in numbers and one quotable sentence: per metric the
/// total or average, min/max days, trend, coverage and the change against the previous
/// span of the same length. Sized for an LLM context: no per-day lists (those come from
/// the `metric_series` intent).
struct RangeSummary: Sendable {
    static let maxDays = Limits.rangeSummaryDays

    var from: DayKey
    var to: DayKey
    var zone: SummaryZone
    var nowMs: Int64
    var queued: [QueuedEntry]
    var priority: SourcePriority
    var catalog: MetricCatalog

    var length: Int { to.ordinal - from.ordinal + 1 }
    var previousFrom: DayKey { from.adding(days: -length) }
    var previousTo: DayKey { from.adding(days: -1) }

    func build(_ reader: StoreReader) throws -> JSONValue {
        // Headline numbers and latest readings come straight from SQLite; no aggregate
        // is parsed in Swift, which keeps a 366-day summary (plus the previous 366) fast.
        let table = try reader.dayTable(catalog: catalog, from: previousFrom, to: to, anyDetail: false) { _, _ in false }
        let asOf = try reader.asOf(catalog: catalog, beforeMs: ZoneClock.shared.endOfDayMs(to, zone: zone.name))
        return render(table, asOfMs: asOf, sources: try reader.sources(catalog: catalog, from: from, to: to),
                      stages: try reader.sleepStageAverages(catalog: catalog, from: from, to: to))
    }

    func statistics(_ spec: MetricSpec, _ table: DayTable) -> (current: RangeStatistics, previous: RangeStatistics) {
        (RangeStatistics(table.series(spec, from: from, to: to), daysInRange: length),
         RangeStatistics(table.series(spec, from: previousFrom, to: previousTo), daysInRange: length))
    }

    func render(_ table: DayTable, asOfMs: Int64?, sources: [(name: String, recency: Int64)], stages: [String: Double]?) -> JSONValue {
        var metrics: [String: JSONValue] = [:]
        var missing: [JSONValue] = []
        var coverage: [(metric: Metric, daysWithData: Int, daysInRange: Int)] = []
        var stats: [(spec: MetricSpec, current: RangeStatistics, previous: RangeStatistics)] = []
        for spec in catalog.summaryOrder {
            let s = statistics(spec, table)
            // Metrics every summary lists, and any other with data in the range.
            guard spec.wording.always || s.current.daysWithData > 0 else { continue }
            let metric = spec.metric
            stats.append((spec, s.current, s.previous))
            coverage.append((metric, s.current.daysWithData, length))
            if s.current.daysWithData == 0 { missing.append(.string(metric.rawValue)) }
            metrics[metric.rawValue] = .object(RangeSummary.metricJSON(spec, s.current, previous: s.previous, sleepStages: stages))
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
            "queued": queued.json(catalog),
            "provenance": provenance.json(zone: zone, priority: priority),
            "text": .string(text(stats)),
        ]
    }

    static func point(_ item: (day: DayKey, value: Double)?, _ spec: MetricSpec) -> JSONValue {
        guard let item else { return .null }
        return ["day": .string(item.day.description), "value": SummaryNumber.value(item.value, spec)]
    }

    /// One metric of a range: the same keys whether or not it has data, nulls where none.
    static func metricJSON(_ spec: MetricSpec, _ s: RangeStatistics, previous: RangeStatistics?, sleepStages: [String: Double]?) -> [String: JSONValue] {
        var out: [String: JSONValue] = [
            "status": s.daysWithData == 0 ? "no_data" : "ok",
            "unit": .string(spec.summaryUnit),
            "daysWithData": .number(Double(s.daysWithData)),
            "daysInRange": .number(Double(s.daysInRange)),
        ]
        guard s.daysWithData > 0 else { return out }
        out["average"] = SummaryNumber.value(s.average, spec)
        out["min"] = point(s.min, spec)
        out["max"] = point(s.max, spec)
        switch spec.summaryKind {
        case .total:
            out["total"] = SummaryNumber.value(s.total, spec)
        case .latest:
            out["first"] = point(s.first, spec)
            out["last"] = point(s.last, spec)
            if let first = s.first, let last = s.last { out["change"] = SummaryNumber.rounded(last.value - first.value, decimals: 1) }
        case .sleep:
            if let stages = sleepStages {
                out["averageStages"] = .object(stages.mapValues { SummaryNumber.rounded($0, decimals: 0) })
            }
        case .minutes, .count:
            out["total"] = SummaryNumber.value(s.total, spec)
        case .average, .bloodPressure:
            break
        }
        if let slope = s.slopePerDay, let direction = s.direction {
            out["trend"] = ["direction": .string(direction), "slopePerWeek": SummaryNumber.rounded(slope * 7, decimals: spec.summaryDecimals + 1)]
        } else {
            out["trend"] = ["direction": "insufficient_data", "slopePerWeek": nil]
        }
        if let previous {
            var p: [String: JSONValue] = ["daysWithData": .number(Double(previous.daysWithData))]
            let key = spec.summaryKind == .latest ? "last" : "average"
            if let before = previous.headline(spec.summaryKind), let now = s.headline(spec.summaryKind) {
                p[key] = SummaryNumber.value(before, spec)
                p["change"] = SummaryNumber.rounded(now - before, decimals: spec.summaryDecimals)
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
    /// previous 7 days), slept 7 h 05 min/night (…), …". Each listed metric gives one
    /// phrase, worded by its catalog entry.
    func text(_ stats: [(spec: MetricSpec, current: RangeStatistics, previous: RangeStatistics)]) -> String {
        func coverage(_ s: RangeStatistics, unit: String = "days") -> String { "\(s.daysWithData) of \(s.daysInRange) \(unit)" }
        func versusPrevious(_ spec: MetricSpec, _ current: RangeStatistics, _ previous: RangeStatistics) -> String? {
            guard let now = current.headline(spec.summaryKind), let before = previous.headline(spec.summaryKind), before > 0 else { return nil }
            return "\(SummaryText.comparison(percent: (now - before) / before * 100)) the previous \(length) days"
        }
        var phrases = SummaryPhrases(per: "/day")
        for (spec, s, previous) in stats {
            if case .balance(let word) = spec.wording.phrase {
                let partial = s.daysWithData > 0 && s.daysWithData < length
                let note = partial ? spec.wording.coverageLabel.map { "\($0) \(coverage(s))" } : nil
                phrases.balance(spec, value: s.daysWithData > 0 ? s.average : nil, word: word, note: note)
                continue
            }
            guard s.daysWithData > 0 else {
                phrases.add("no \(spec.textName) data")
                continue
            }
            if spec.summaryKind == .sleep || spec.wording.phrase == .lead {
                var detail = [coverage(s, unit: spec.summaryKind == .sleep ? "nights" : "days")]
                if let direction = s.direction, direction != "steady" { detail.append(direction) }
                if let versus = versusPrevious(spec, s, previous) { detail.append(versus) }
                let head = spec.summaryKind == .sleep ? "slept \(spec.textValue(s.average))/night" : "\(spec.textValue(s.average))/day"
                phrases.add("\(head) (\(detail.joined(separator: "; ")))")
                continue
            }
            switch spec.summaryKind {
            case .latest:
                guard let first = s.first, let last = s.last else { continue }
                phrases.add(first.day == last.day ? "\(spec.textName) \(spec.textValue(last.value))"
                            : "\(spec.textName) \(spec.textValue(first.value)) → \(spec.textValue(last.value))")
            case .count:
                var part = "\(spec.textName) ×\(SummaryText.integer(s.total))"
                if s.daysWithData < length { part += " (\(coverage(s)))" }
                phrases.add(part)
            case .average, .total, .sleep, .minutes, .bloodPressure:
                let per = switch spec.summaryKind {
                case .average: "avg"
                case .bloodPressure: "systolic avg"
                default: "per day"
                }
                var part = "\(spec.textName) \(spec.textValue(s.average)) \(per)"
                if s.daysWithData < length { part += " (\(coverage(s)))" }
                phrases.add(part)
            }
        }
        var sentence = "\(SummaryText.range(from, to)) (\(length) \(length == 1 ? "day" : "days")): \(phrases.joined)."
        if let queuedText = queued.text(catalog) { sentence += " \(queuedText.prefix(1).uppercased())\(queuedText.dropFirst())." }
        return sentence
    }
}
