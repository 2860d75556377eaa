import HealthDomain
import JSON
import HealthStore

extension AnomalyReport {
    /// Each scanned metric's baseline band over the range: for every day with an available
    /// baseline, its median and spread — the baseline the day's value is judged against
    /// (the day's own source; the window's days as a whole on a day without a value), so a
    /// chart can shade centre ± spread behind the values and the anomalies fall outside it.
    ///
    /// Columnar (`days`, `centre`, `spread` of equal length, days ascending): a year of a
    /// metric stays near 10 KB.
    func bandsJSON(_ series: JudgementSeries, metrics: [Metric]) -> JSONValue {
        let format = JudgementJSON(catalog: catalog)
        var out: [String: JSONValue] = [:]
        for metric in metrics {
            let days = series.series(metric)
            let floor = SpreadFloor(spec: catalog.spec(for: metric))
            var keys: [JSONValue] = [], centres: [JSONValue] = [], spreads: [JSONValue] = []
            for ordinal in range.from.ordinal...range.to.ordinal {
                let day = DayKey(ordinal: ordinal)
                let baseline = Baseline.compute(days, on: day, floor: floor)
                guard baseline.isAvailable else { continue }
                keys.append(.string(day.description))
                centres.append(format.statistic(baseline.centre, metric))
                spreads.append(format.statistic(baseline.spread, metric))
            }
            out[metric.rawValue] = ["days": .array(keys), "centre": .array(centres), "spread": .array(spreads)]
        }
        return .object(out)
    }
}
