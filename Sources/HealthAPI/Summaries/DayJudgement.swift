import HealthDomain
import JSON
import HealthStore

/// What a daily summary adds from the judgements: whether each metric's day may still
/// change (and when a settled day was revised), the day's readiness, and the day's
/// anomalies and strain signal against the personal baselines. One range read of the
/// day and the 28 days before it.
struct DayJudgement: Sendable {
    var day: DayKey
    var series: JudgementSeries
    var readiness: Readiness?
    var scan: AnomalyScan?

    /// Nothing judged (summaries built without a database, as in unit tests).
    static func none(_ day: DayKey) -> DayJudgement { DayJudgement(day: day, series: JudgementSeries(), readiness: nil, scan: nil) }

    /// Reads the judgements of `day`; `table`, when it holds the stored rows of exactly
    /// `day − 28 … day` (``DayTable/storedDays``), is used instead of reading them again.
    static func load(_ day: DayKey, reader: StoreReader, catalog: MetricCatalog, rule: SettlingRule, table: DayTable? = nil) throws -> DayJudgement {
        let from = day.adding(days: -Baseline.windowDays)
        let series: JudgementSeries
        if let table, table.from == from, table.to == day, let rows = table.storedDays {
            series = JudgementSeries.build(rows, catalog: catalog, rule: rule, keptDay: day)
        } else {
            series = try JudgementSeries.load(reader, catalog: catalog, metrics: nil, from: from, to: day, rule: rule, keptDay: day)
        }
        let onDay = series.metrics.filter { series.series($0)[day] != nil }
        let scan = try? AnomalyScan.scan(onDay.map { series.series($0) }, from: day, to: day, catalog: catalog)
        return DayJudgement(day: day, series: series, readiness: StoreReader.readiness(day, series: series, catalog: catalog), scan: scan)
    }

    /// The day's status of `metric`, nil when it has no value.
    func settling(_ metric: Metric) -> DayStatus? { series.series(metric)[day]?.status }

    /// Whether any metric of the day may still change.
    func settling(of metrics: [Metric]) -> DayStatus? {
        let statuses = metrics.compactMap(settling)
        return statuses.isEmpty ? nil : DayStatus.combined(statuses)
    }

    /// When a change arrived for `metric`'s day after it had settled.
    func revisedAtMs(_ metric: Metric) -> Int64? { series.keptRow(metric)?.revisedMs }

    /// The summary members: `readiness` (brief), `anomalies` and `strain`.
    func members(catalog: MetricCatalog) -> [String: JSONValue] {
        let format = JudgementJSON(catalog: catalog)
        var out: [String: JSONValue] = [:]
        out["readiness"] = readiness.map { .object(ReadinessReport.json($0, detail: .brief, catalog: catalog)) } ?? .null
        out["anomalies"] = .array((scan?.anomalies ?? []).map { anomaly in
            ["metric": .string(anomaly.metric.rawValue), "value": format.value(anomaly.value, anomaly.metric),
             "usual": format.statistic(anomaly.baseline.centre, anomaly.metric), "z": JudgementJSON.z(anomaly.z),
             "direction": .string(anomaly.direction.rawValue), "settling": JudgementJSON.settling(anomaly.status)]
        })
        out["strain"] = scan?.strain.first.map { signal in
            ["met": .array(signal.checks.filter { $0.outcome == .met }.map { .string($0.name.rawValue) }),
             "settling": JudgementJSON.settling(signal.status)]
        } ?? .null
        return out
    }

    /// The sentences the summary's text gains: readiness when it could be scored, then the
    /// anomalies and the strain signal; nil when there is none of them.
    func sentences(catalog: MetricCatalog) -> String? {
        var parts: [String] = []
        if let readiness, readiness.status == .scored { parts.append(ReadinessReport.sentence(readiness, catalog: catalog)) }
        if let anomalies = scan?.anomalies, !anomalies.isEmpty {
            parts.append("Unusual for you: " + anomalies.map { AnomalyReport.anomalyPhrase($0, catalog: catalog, withDay: false) }.joined(separator: ", ") + ".")
        }
        if let signal = scan?.strain.first {
            let met = signal.checks.filter { $0.outcome == .met }.map { AnomalyReport.conditionText($0.name) }
            parts.append("Strain signal: \(met.joined(separator: ", ")).")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
