import HealthDomain
import JSON
import SQLiteStore

/// Two ranges side by side, per metric, with the difference b − a of the headline
/// number (per-day average; the last reading for weight and body fat).
struct RangeComparison: Sendable {
    var a: DayRange
    var b: DayRange
    var metrics: [Metric]
    var zone: SummaryZone
    var priority: SourcePriority

    func build(_ db: Database) throws -> JSONValue {
        let wanted = Set(metrics.filter { $0.summaryKind == .latest })
        let tableA = try DayTable.load(db, from: a.from, to: a.to) { metric, _ in wanted.contains(metric) }
        let tableB = try DayTable.load(db, from: b.from, to: b.to) { metric, _ in wanted.contains(metric) }
        let asOf = try Provenance.asOf(db, beforeMs: ZoneClock.shared.endOfDayMs(max(a.to, b.to), zone: zone.name))
        var out: [String: JSONValue] = [:]
        var parts: [String] = []
        var coverage: [(metric: Metric, daysWithData: Int, daysInRange: Int)] = []
        for metric in metrics {
            let sa = RangeStatistics(tableA.series(metric, from: a.from, to: a.to), daysInRange: a.days)
            let sb = RangeStatistics(tableB.series(metric, from: b.from, to: b.to), daysInRange: b.days)
            coverage.append((metric, sa.daysWithData + sb.daysWithData, a.days + b.days))
            var entry: [String: JSONValue] = [
                "unit": .string(metric.summaryUnit),
                "a": .object(RangeSummary.metricJSON(metric, sa, previous: nil, sleepStages: nil)),
                "b": .object(RangeSummary.metricJSON(metric, sb, previous: nil, sleepStages: nil)),
            ]
            let ha = sa.headline(metric.summaryKind), hb = sb.headline(metric.summaryKind)
            if let ha, let hb {
                entry["difference"] = ["change": SummaryNumber.rounded(hb - ha, decimals: metric.summaryDecimals),
                                       "changePercent": ha != 0 ? SummaryNumber.rounded((hb - ha) / abs(ha) * 100, decimals: 1) : nil]
                var change = ""
                if ha != 0 { let p = Int(((hb - ha) / abs(ha) * 100).rounded()); change = " (\(p > 0 ? "+" : "")\(p)%)" }
                parts.append("\(metric.rawValue) \(metric.textValue(ha)) → \(metric.textValue(hb))\(change)")
            } else {
                entry["difference"] = .null
                let which = ha == nil && hb == nil ? "either range" : (ha == nil ? "range a" : "range b")
                parts.append("\(metric.rawValue): no data in \(which)")
            }
            out[metric.rawValue] = .object(entry)
        }
        let provenance = Provenance(asOfMs: asOf, sources: try DayTable.sources(db, from: a.from, to: a.to) + DayTable.sources(db, from: b.from, to: b.to), coverage: coverage)
        let perDay = "Totals are per-day averages over days with data, weight and body fat the last reading, sleep the average night."
        return [
            "kind": "compare_ranges",
            "a": ["from": .string(a.from.description), "to": .string(a.to.description), "days": .number(Double(a.days))],
            "b": ["from": .string(b.from.description), "to": .string(b.to.description), "days": .number(Double(b.days))],
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "metrics": .object(out),
            "provenance": provenance.json(zone: zone, priority: priority),
            "text": .string("\(SummaryText.range(a.from, a.to)) vs \(SummaryText.range(b.from, b.to)): \(parts.joined(separator: ", ")). \(perDay)"),
        ]
    }
}
