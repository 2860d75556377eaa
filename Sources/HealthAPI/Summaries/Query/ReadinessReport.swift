import HealthDomain
import JSON
import HealthStore

/// The `readiness` intent: a day's readiness (``Readiness``) with its components, their
/// baselines and what is missing, from one range read of the three metrics' 29 days.
struct ReadinessReport: Sendable {
    var day: DayKey
    var zone: SummaryZone
    var nowMs: Int64
    var catalog: MetricCatalog
    var detail: AnswerDetail

    static let formula = "score = clamp(round(70 + 15 × Σ wᵢ·zᵢ), 0, 100) over the inputs present (at least 2): HRV (w 0.40), resting HR (0.25, z negated: lower is better), last night's asleep minutes (0.35, z capped at +1); each z clamped to ±3, the weights re-normalised to sum to 1. Bands: low < 50 ≤ fair < 65 ≤ good < 80 ≤ optimal."

    func build(_ reader: StoreReader) throws -> JSONValue {
        let readiness = try reader.readiness(day, catalog: catalog, rule: SettlingRule(zone: zone.name, nowMs: nowMs))
        var out = ReadinessReport.json(readiness, detail: detail, catalog: catalog)
        out["kind"] = "readiness"
        out["timezone"] = .string(zone.name)
        out["timezoneSource"] = .string(zone.origin.rawValue)
        if detail == .full {
            out["formula"] = .string(ReadinessReport.formula)
            out["baselineFormula"] = .string(JudgementJSON.baselineFormula)
        } else {
            out["detail"] = "brief"
            out["more"] = "full adds each input's baseline (its 28-day window, the per-day inputs, median, MAD, floor and spread, and which sources it used), the z as clamped and capped, the weights, the raw score and the formulas"
        }
        return .object(out)
    }

    /// The readiness members shared by the intent and the daily summary.
    static func json(_ readiness: Readiness, detail: AnswerDetail, catalog: MetricCatalog) -> [String: JSONValue] {
        let format = JudgementJSON(catalog: catalog)
        var out: [String: JSONValue] = [
            "day": .string(readiness.day.description),
            "status": .string(readiness.status.rawValue),
            "score": readiness.score.map { JSONValue($0) } ?? .null,
            "band": readiness.band.map { .string($0.rawValue) } ?? .null,
            "settling": JudgementJSON.settling(readiness.dayStatus),
            "lastNightSettling": JudgementJSON.settling(readiness.lastNight),
            "text": .string(sentence(readiness, catalog: catalog)),
        ]
        out["components"] = .array(readiness.components.map { component in
            let metric = component.metric
            var item: [String: JSONValue] = [
                "name": .string(component.name.rawValue),
                "metric": .string(metric.rawValue),
                "unit": .string(format.unit(metric)),
                "value": format.value(component.value, metric),
                "settling": JudgementJSON.settling(component.status),
                "z": JudgementJSON.z(component.z),
                "points": SummaryNumber.rounded(component.points, decimals: 2),
            ]
            if detail == .full {
                item["zUsed"] = JudgementJSON.z(component.zUsed)
                item["clamped"] = .bool(component.clamped)
                item["capped"] = .bool(component.capped)
                item["nominalWeight"] = .number(component.nominalWeight)
                item["weight"] = SummaryNumber.rounded(component.weight, decimals: 4)
                item["baseline"] = format.baseline(component.baseline, detail: .full)
            } else {
                item["usual"] = format.statistic(component.baseline.centre, metric)
            }
            return .object(item)
        })
        out["missing"] = .array(readiness.missing.map { missing in
            ["name": .string(missing.name.rawValue), "metric": .string(missing.metric.rawValue), "reason": .string(missing.reason.rawValue),
             "baselineDays": JSONValue(missing.baselineDays)]
        })
        if detail == .full {
            out["rawScore"] = readiness.rawScore.map { SummaryNumber.rounded($0, decimals: 2) } ?? .null
            out["weightedZ"] = readiness.weightedZ.map { SummaryNumber.rounded($0, decimals: 4) } ?? .null
        }
        return out
    }

    /// "Readiness 72 (good): HRV 8% above your baseline, resting HR at baseline, slept
    /// 6 h 10 min, 50 min under usual."
    static func sentence(_ readiness: Readiness, catalog: MetricCatalog) -> String {
        let missing = readiness.missing.map(missingPhrase)
        guard readiness.status == .scored, let score = readiness.score, let band = readiness.band else {
            return "Readiness unknown: \(missing.joined(separator: ", ")); it needs two of HRV, resting HR and last night's sleep, each with at least \(Baseline.minimumDays) days of baseline."
        }
        let provisional = readiness.dayStatus == .provisional || readiness.lastNight == .provisional
        let parts = readiness.components.map(componentPhrase) + missing
        return "Readiness \(score) (\(band.rawValue)\(provisional ? ", provisional" : "")): \(parts.joined(separator: ", "))."
    }

    static func label(_ name: ReadinessComponent.Name) -> String {
        switch name {
        case .hrv: "HRV"
        case .restingHeartRate: "resting HR"
        case .asleep: "sleep"
        }
    }

    static func componentPhrase(_ component: ReadinessComponent) -> String {
        let difference = component.value - component.centre
        switch component.name {
        case .hrv:
            let percent = component.centre != 0 ? Int((difference / component.centre * 100).rounded()) : 0
            return percent == 0 ? "HRV at baseline" : "HRV \(abs(percent))% \(percent > 0 ? "above" : "below") your baseline"
        case .restingHeartRate:
            let bpm = Int(difference.rounded())
            return bpm == 0 ? "resting HR at baseline" : "resting HR \(abs(bpm)) bpm \(bpm > 0 ? "above" : "below") your baseline"
        case .asleep:
            let minutes = Int(difference.rounded())
            let slept = "slept \(SummaryText.duration(minutes: Int(component.value.rounded())))"
            return minutes == 0 ? "\(slept), as usual" : "\(slept), \(SummaryText.duration(minutes: abs(minutes))) \(minutes > 0 ? "over" : "under") usual"
        }
    }

    static func missingPhrase(_ missing: ReadinessMissingInput) -> String {
        switch missing.reason {
        case .noValue: missing.name == .asleep ? "no sleep recorded last night" : "no \(label(missing.name)) value"
        case .insufficientBaseline: "\(label(missing.name)) baseline too short (\(missing.baselineDays) of \(Baseline.minimumDays) days)"
        case .noSpread: "\(label(missing.name)) baseline without spread"
        }
    }
}
