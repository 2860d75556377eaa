import HealthDomain
import JSON
import HealthStore

/// The `correlation` intent: Spearman's ρ of two metrics' day values over a range
/// (``Correlation``), from one range read of both metrics.
struct CorrelationReport: Sendable {
    var a: MetricSpec
    var b: MetricSpec
    var range: DayRange
    var lagDays: Int
    var zone: SummaryZone
    var nowMs: Int64
    var catalog: MetricCatalog
    var detail: AnswerDetail

    static let method = "Spearman's ρ: Pearson's correlation of the average ranks of the paired days (ties share a rank); t = ρ √((n − 2) / (1 − ρ²)) with n − 2 degrees of freedom gives the two-sided p-value; at least 14 pairs. An association: it does not show that one metric drives the other."

    func build(_ reader: StoreReader) throws -> JSONValue {
        let rule = SettlingRule(zone: zone.name, nowMs: nowMs)
        let metrics = a.metric == b.metric ? [a.metric] : [a.metric, b.metric]
        let series = try JudgementSeries.load(reader, catalog: catalog, metrics: metrics, from: range.from, to: range.to, rule: rule)
        let result: Correlation
        do {
            result = try Correlation.compute(series.series(a.metric), series.series(b.metric), from: range.from, to: range.to, lagDays: lagDays)
        } catch {
            throw APIError(error, intent: "correlation")
        }
        let format = JudgementJSON(catalog: catalog)
        var out: [String: JSONValue] = [
            "kind": "correlation",
            "metricA": .string(a.metric.rawValue),
            "metricB": .string(b.metric.rawValue),
            "unitA": .string(format.unit(a.metric)),
            "unitB": .string(format.unit(b.metric)),
            "from": .string(range.from.description),
            "to": .string(range.to.description),
            "lagDays": JSONValue(lagDays),
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "status": .string(result.status.rawValue),
            "n": JSONValue(result.n),
            "minimumPairs": JSONValue(result.minimumPairs),
            "rho": result.rho.map { SummaryNumber.rounded($0, decimals: 4) } ?? .null,
            "pValue": JudgementJSON.pValue(result.pValue),
            "settling": JudgementJSON.settling(result.dayStatus),
            "text": .string(result.sentence),
        ]
        if detail == .full {
            out["t"] = result.t.map { SummaryNumber.rounded($0, decimals: 4) } ?? .null
            out["degreesOfFreedom"] = result.degreesOfFreedom.map { JSONValue($0) } ?? .null
            out["method"] = .string(CorrelationReport.method)
            out["pairs"] = .array(result.pairs.map { pair in
                ["day": .string(pair.day.description), "dayB": .string(pair.secondDay.description),
                 "a": format.value(pair.first, a.metric), "b": format.value(pair.second, b.metric),
                 "rankA": .number(pair.firstRank), "rankB": .number(pair.secondRank), "settling": JudgementJSON.settling(pair.status)]
            })
        } else {
            out["detail"] = "brief"
            out["more"] = "full adds every paired day with both values and their ranks, the t statistic, the degrees of freedom and the method"
        }
        return .object(out)
    }
}
