import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// Two ranges side by side, per metric, with the difference b − a of the headline
/// number (per-day average; the last reading for weight and body fat).
struct RangeComparison: Sendable {
    var a: DayRange
    var b: DayRange
    var metrics: [MetricSpec]
    var zone: SummaryZone
    var priority: SourcePriority
    var catalog: MetricCatalog

    func build(_ reader: StoreReader) throws -> JSONValue {
        let wanted = Set(metrics.filter { $0.summaryKind == .latest }.map(\.metric))
        let compared = metrics.map(\.metric)
        let tableA = try reader.dayTable(catalog: catalog, from: a.from, to: a.to, metrics: compared) { metric, _ in wanted.contains(metric) }
        let tableB = try reader.dayTable(catalog: catalog, from: b.from, to: b.to, metrics: compared) { metric, _ in wanted.contains(metric) }
        let asOf = try reader.asOf(catalog: catalog, beforeMs: ZoneClock.shared.endOfDayMs(max(a.to, b.to), zone: zone.name))
        var out: [String: JSONValue] = [:]
        var parts: [String] = []
        var coverage: [(metric: Metric, daysWithData: Int, daysInRange: Int)] = []
        for spec in metrics {
            let metric = spec.metric
            let sa = RangeStatistics(tableA.series(spec, from: a.from, to: a.to), daysInRange: a.days)
            let sb = RangeStatistics(tableB.series(spec, from: b.from, to: b.to), daysInRange: b.days)
            coverage.append((metric, sa.daysWithData + sb.daysWithData, a.days + b.days))
            var entry: [String: JSONValue] = [
                "unit": .string(spec.summaryUnit),
                "a": .object(RangeSummary.metricJSON(spec, sa, previous: nil, sleepStages: nil)),
                "b": .object(RangeSummary.metricJSON(spec, sb, previous: nil, sleepStages: nil)),
            ]
            let ha = sa.headline(spec.summaryKind), hb = sb.headline(spec.summaryKind)
            if let ha, let hb {
                entry["difference"] = ["change": SummaryNumber.rounded(hb - ha, decimals: spec.summaryDecimals),
                                       "changePercent": ha != 0 ? SummaryNumber.rounded((hb - ha) / abs(ha) * 100, decimals: 1) : nil]
                var change = ""
                if ha != 0 { let p = Int(((hb - ha) / abs(ha) * 100).rounded()); change = " (\(p > 0 ? "+" : "")\(p)%)" }
                parts.append("\(metric.rawValue) \(spec.textValue(ha)) → \(spec.textValue(hb))\(change)")
            } else {
                entry["difference"] = .null
                let which = ha == nil && hb == nil ? "either range" : (ha == nil ? "range a" : "range b")
                parts.append("\(metric.rawValue): no data in \(which)")
            }
            out[metric.rawValue] = .object(entry)
        }
        let provenance = Provenance(asOfMs: asOf, sources: try reader.sources(catalog: catalog, from: a.from, to: a.to) + reader.sources(catalog: catalog, from: b.from, to: b.to), coverage: coverage)
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
