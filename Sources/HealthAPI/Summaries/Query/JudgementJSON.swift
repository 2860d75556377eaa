import HealthDomain
import JSON

/// How judgement answers write their numbers, baselines and statuses: values in the
/// metric's summary unit and decimals, statistics with two more decimals, z-scores with
/// three, so the arithmetic can be followed and answers stay deterministic.
struct JudgementJSON: Sendable {
    let catalog: MetricCatalog

    /// Decimals of a metric's values (its summary decimals; two for metrics stored raw).
    func decimals(_ metric: Metric) -> Int { catalog.spec(for: metric)?.summaryDecimals ?? 2 }

    /// The metric's summary unit ("count", "ms", "min" for sleep).
    func unit(_ metric: Metric) -> String { catalog.spec(for: metric)?.summaryUnit ?? "" }

    /// A value of `metric`, rounded as its summaries round it.
    func value(_ value: Double?, _ metric: Metric) -> JSONValue {
        value.map { SummaryNumber.rounded($0, decimals: decimals(metric)) } ?? .null
    }

    /// A statistic of `metric` (median, MAD, spread): two decimals more than its values.
    func statistic(_ value: Double?, _ metric: Metric) -> JSONValue {
        value.map { SummaryNumber.rounded($0, decimals: decimals(metric) + 2) } ?? .null
    }

    static func z(_ value: Double?) -> JSONValue { value.map { SummaryNumber.rounded($0, decimals: 3) } ?? .null }

    static func day(_ day: DayKey?) -> JSONValue { day.map { .string($0.description) } ?? .null }

    static func settling(_ status: DayStatus?) -> JSONValue { status.map { .string($0.rawValue) } ?? .null }

    /// A p-value with four significant digits (it can be far below 0.0001).
    static func pValue(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        guard value > 0 else { return 0 }
        var scale = 1.0
        var digits = 0
        while value * scale < 1000, digits < 300 {
            scale *= 10
            digits += 1
        }
        return .number((value * scale).rounded() / scale)
    }

    /// A baseline: in full with its window, sourcing, statistics and per-day inputs;
    /// brief with its status, centre, spread and days.
    func baseline(_ baseline: Baseline, detail: AnswerDetail) -> JSONValue {
        let metric = baseline.metric
        var out: [String: JSONValue] = [
            "status": .string(baseline.status.rawValue),
            "daysWithData": JSONValue(baseline.daysWithData),
            "centre": statistic(baseline.centre, metric),
            "spread": statistic(baseline.spread, metric),
        ]
        guard detail == .full else { return .object(out) }
        out["windowStart"] = JudgementJSON.day(baseline.windowStart)
        out["windowEnd"] = JudgementJSON.day(baseline.windowEnd)
        out["minimumDays"] = JSONValue(baseline.minimumDays)
        out["sourcing"] = .string(baseline.sourcing.rawValue)
        out["sources"] = .array(baseline.sources.map(JSONValue.string))
        out["currentSource"] = baseline.currentSource.map(JSONValue.string) ?? .null
        out["daysLeftOut"] = JSONValue(baseline.daysLeftOut)
        out["mad"] = statistic(baseline.mad, metric)
        out["scaledMAD"] = statistic(baseline.scaledMAD, metric)
        out["spreadFloor"] = statistic(baseline.spreadFloor, metric)
        out["spreadFloorFraction"] = baseline.spreadFloorFraction.map { .number($0) } ?? .null
        out["floorApplied"] = .bool(baseline.floorApplied)
        out["inputs"] = .array(baseline.inputs.map { ["day": .string($0.day.description), "value": value($0.value, metric)] })
        return .object(out)
    }

    /// The formula every baseline follows, stated once per answer.
    static let baselineFormula = "baseline = median of the days with data among the 28 local days before the day (at least 10; one source's days once it has 10); spread = max(1.4826 × MAD, floor); z = (value − median) / spread"
}
