import HealthDomain
import JSON
import HealthStore

/// The `anomalies` intent: an ``AnomalyScan`` over a range of at most 366 days, from one
/// range read of the range and the 28 days before it (every baseline's window).
struct AnomalyReport: Sendable {
    var range: DayRange
    /// The metrics asked for; nil: every metric with day values in the read.
    var metrics: [MetricSpec]?
    var threshold: Double
    var zone: SummaryZone
    var nowMs: Int64
    var catalog: MetricCatalog
    var detail: AnswerDetail

    static let strainRule = "strain signal: a day on which at least 2 of 5 conditions held — resting HR ≥ its baseline median + 5 bpm, HRV z ≤ −1.5, respiratory rate z ≥ 2, wrist temperature ≥ its baseline median + 0.5 °C, under 360 minutes asleep; a condition without a value or baseline is unknown"
    /// Anomalies and strain days a brief answer lists at most (then it trims to its size).
    static let briefAnomalies = 12
    static let briefStrainDays = 6

    func build(_ reader: StoreReader) throws -> JSONValue {
        let rule = SettlingRule(zone: zone.name, nowMs: nowMs)
        let series = try JudgementSeries.load(reader, catalog: catalog, metrics: metrics?.map(\.metric),
                                              from: range.from.adding(days: -Baseline.windowDays), to: range.to, rule: rule)
        let scanned = metrics?.map(\.metric) ?? series.metrics
        let scan: AnomalyScan
        do {
            scan = try AnomalyScan.scan(scanned.map { series.series($0) }, from: range.from, to: range.to, threshold: threshold, catalog: catalog)
        } catch {
            throw APIError(error, intent: "anomalies")
        }
        var out: [String: JSONValue] = [
            "kind": "anomalies",
            "from": .string(range.from.description),
            "to": .string(range.to.description),
            "days": JSONValue(range.days),
            "timezone": .string(zone.name),
            "timezoneSource": .string(zone.origin.rawValue),
            "threshold": .number(threshold),
            "metrics": .array(scanned.sorted().map { .string($0.rawValue) }),
            "counts": ["anomalies": JSONValue(scan.anomalies.count), "strainDays": JSONValue(scan.strain.count)],
            "text": .string(AnomalyReport.sentence(scan, catalog: catalog)),
        ]
        if detail == .full {
            out["anomalies"] = .array(scan.anomalies.map { anomalyJSON($0, detail: .full) })
            out["strain"] = .array(scan.strain.map(strainJSON))
            out["bands"] = bandsJSON(series, metrics: scanned)
            out["coverage"] = .object(Dictionary(uniqueKeysWithValues: scan.coverage.map { item in
                (item.metric.rawValue, JSONValue.object(["daysWithData": JSONValue(item.daysWithData), "daysJudged": JSONValue(item.daysJudged),
                                                          "daysWithoutBaseline": JSONValue(item.daysWithoutBaseline)]))
            }))
            out["baselineFormula"] = .string(JudgementJSON.baselineFormula)
            out["strainRule"] = .string(AnomalyReport.strainRule)
            return .object(out)
        }
        return briefJSON(scan, base: out)
    }

    /// The brief form: the largest anomalies and the latest strain days, trimmed until the
    /// answer fits ``Limits/briefAnswerCharacters``; counts say how many were left out.
    func briefJSON(_ scan: AnomalyScan, base: [String: JSONValue]) -> JSONValue {
        var anomalies = scan.anomalies.sorted { (abs($0.z), $1.day, $1.metric) > (abs($1.z), $0.day, $0.metric) }
        anomalies = Array(anomalies.prefix(AnomalyReport.briefAnomalies))
        var strain = Array(scan.strain.suffix(AnomalyReport.briefStrainDays))
        var out = base
        out["detail"] = "brief"
        out["daysJudged"] = .object(Dictionary(uniqueKeysWithValues: scan.coverage.map { ($0.metric.rawValue, JSONValue($0.daysJudged)) }))
        out["more"] = "full adds every anomaly (brief lists the largest |z|) with its baseline's window, per-day inputs, median, MAD, floor and sourcing; every strain day with all five conditions, their values, limits and outcomes; per-metric coverage; each metric's baseline band (centre and spread per day); and the formulas"
        while true {
            let listed = anomalies.sorted { ($0.day, $0.metric) < ($1.day, $1.metric) }
            out["anomalies"] = .array(listed.map { anomalyJSON($0, detail: .brief) })
            out["strain"] = .array(strain.map(strainBriefJSON))
            out["omitted"] = ["anomalies": JSONValue(scan.anomalies.count - anomalies.count), "strainDays": JSONValue(scan.strain.count - strain.count)]
            let size = JSONWriter.serialize(.object(out)).count
            guard size >= Limits.briefAnswerCharacters, !(anomalies.isEmpty && strain.isEmpty) else { return .object(out) }
            if anomalies.count >= strain.count, !anomalies.isEmpty { anomalies.removeLast() } else { strain.removeFirst() }
        }
    }

    func anomalyJSON(_ anomaly: Anomaly, detail: AnswerDetail) -> JSONValue {
        let format = JudgementJSON(catalog: catalog)
        var out: [String: JSONValue] = [
            "metric": .string(anomaly.metric.rawValue),
            "day": .string(anomaly.day.description),
            "value": format.value(anomaly.value, anomaly.metric),
            "z": JudgementJSON.z(anomaly.z),
            "direction": .string(anomaly.direction.rawValue),
            "settling": JudgementJSON.settling(anomaly.status),
        ]
        if detail == .full {
            out["unit"] = .string(format.unit(anomaly.metric))
            out["baseline"] = format.baseline(anomaly.baseline, detail: .full)
        } else {
            out["usual"] = format.statistic(anomaly.baseline.centre, anomaly.metric)
        }
        return .object(out)
    }

    func strainJSON(_ signal: StrainSignal) -> JSONValue {
        let format = JudgementJSON(catalog: catalog)
        return [
            "day": .string(signal.day.description),
            "met": JSONValue(signal.met),
            "settling": JudgementJSON.settling(signal.status),
            "checks": .array(signal.checks.map { check in
                [
                    "name": .string(check.name.rawValue),
                    "metric": .string(check.metric.rawValue),
                    "compares": .string(check.compares.rawValue),
                    "value": format.value(check.value, check.metric),
                    "settling": JudgementJSON.settling(check.status),
                    "baselineCentre": format.statistic(check.baselineCentre, check.metric),
                    "baselineDays": check.baselineDays.map { JSONValue($0) } ?? .null,
                    "z": JudgementJSON.z(check.z),
                    "limit": check.limit.map { SummaryNumber.rounded($0, decimals: 3) } ?? .null,
                    "outcome": .string(check.outcome.rawValue),
                ]
            }),
        ]
    }

    func strainBriefJSON(_ signal: StrainSignal) -> JSONValue {
        ["day": .string(signal.day.description), "met": .array(signal.checks.filter { $0.outcome == .met }.map { .string($0.name.rawValue) }),
         "settling": JudgementJSON.settling(signal.status)]
    }

    /// A strain condition in words: "resting HR raised".
    static func conditionText(_ name: StrainCheck.Name) -> String {
        switch name {
        case .restingHeartRateRaised: "resting HR raised"
        case .hrvLowered: "HRV lowered"
        case .respiratoryRateRaised: "respiratory rate raised"
        case .wristTemperatureRaised: "wrist temperature raised"
        case .shortSleep: "under 6 h asleep"
        }
    }

    /// A metric's name in sentences: its summary label ("resting HR", "sleep"), else its
    /// display name ("steps", whose summary label is the singular of "no step data").
    static func label(_ metric: Metric, catalog: MetricCatalog) -> String {
        guard let spec = catalog.spec(for: metric) else { return metric.rawValue }
        return spec.wording.always && !isCounted(spec) ? spec.textName : spec.displayName.lowercased()
    }

    /// Whether the metric's value reads with its own noun ("8,432 steps"), so a phrase needs no label.
    static func isCounted(_ spec: MetricSpec) -> Bool { spec.wording.phrase == .lead && spec.summaryKind != .sleep }

    /// "HRV 30 ms on Tue 17 Nov 2026 vs a usual 50 ms (z -4.0)", "31,898 steps vs a usual 11,112 steps (z 7.1)".
    static func anomalyPhrase(_ anomaly: Anomaly, catalog: MetricCatalog, withDay: Bool) -> String {
        let spec = catalog.spec(for: anomaly.metric)
        func text(_ value: Double) -> String { spec?.textValue(value) ?? SummaryText.oneDecimal(value) }
        var phrase = spec.map(isCounted) == true ? text(anomaly.value) : "\(label(anomaly.metric, catalog: catalog)) \(text(anomaly.value))"
        if withDay { phrase += " on \(SummaryText.date(anomaly.day))" }
        if let centre = anomaly.baseline.centre { phrase += " vs a usual \(text(centre))" }
        phrase += " (z \(SummaryText.oneDecimal(anomaly.z))\(anomaly.status == .provisional ? ", provisional" : ""))"
        return phrase
    }

    /// One sentence: how many anomalies per metric, the largest, and the strain days.
    static func sentence(_ scan: AnomalyScan, catalog: MetricCatalog) -> String {
        let days = scan.to.ordinal - scan.from.ordinal + 1
        let judged = scan.coverage.filter { $0.daysJudged > 0 }.count
        var text = "\(SummaryText.range(scan.from, scan.to)) (\(days) \(days == 1 ? "day" : "days"), \(judged) of \(scan.coverage.count) metrics with a baseline): "
        if scan.anomalies.isEmpty {
            text += "no value lay \(SummaryText.oneDecimal(scan.threshold)) or more robust z from its personal baseline"
        } else {
            var counts: [Metric: Int] = [:]
            for anomaly in scan.anomalies { counts[anomaly.metric, default: 0] += 1 }
            let perMetric = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\(label($0.key, catalog: catalog)) \($0.value)" }
            let largest = scan.anomalies.max { (abs($0.z), $1.day) < (abs($1.z), $0.day) }!
            text += "\(scan.anomalies.count) \(scan.anomalies.count == 1 ? "anomaly" : "anomalies") at |z| ≥ \(SummaryText.oneDecimal(scan.threshold)) (\(perMetric.joined(separator: ", "))); the largest: \(anomalyPhrase(largest, catalog: catalog, withDay: true))"
        }
        if let latest = scan.strain.last {
            let met = latest.checks.filter { $0.outcome == .met }.map { conditionText($0.name) }
            text += "; strain signal on \(scan.strain.count) \(scan.strain.count == 1 ? "day" : "days"), the latest \(SummaryText.date(latest.day)) (\(met.joined(separator: ", ")))"
        } else {
            text += "; no strain signal"
        }
        return text + "."
    }
}
