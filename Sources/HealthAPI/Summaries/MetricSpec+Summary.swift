import HealthDomain

/// How a summary reads a metric: which number of the day aggregate stands for the day,
/// its unit, how it is rounded and how the text names it.
enum SummaryKind: String, Sendable {
    /// Summed over the day (steps, energy): ranges report totals and per-day averages.
    case total
    /// Point readings averaged over the day (resting heart rate, HRV).
    case average
    /// The day's last reading (body mass, body fat): ranges report first → last.
    case latest
    /// A night's asleep minutes, with stages.
    case sleep
}

extension Metric {
    /// The canonical metrics in the order summaries list them.
    static let summaryOrder: [Metric] = [
        .stepCount, .sleepSegment, .restingHeartRateBpm, .hrvSdnnMs, .bodyMassKg, .bodyFatPercent,
        .dietaryEnergyKcal, .activeEnergyKcal,
    ]

    var summaryKind: SummaryKind {
        switch self {
        case .stepCount, .activeEnergyKcal, .dietaryEnergyKcal: .total
        case .restingHeartRateBpm, .hrvSdnnMs: .average
        case .bodyMassKg, .bodyFatPercent: .latest
        default: .sleep
        }
    }

    /// The unit of the summary number: sleep is reported in minutes.
    var summaryUnit: String { unit ?? "min" }

    /// Decimals kept in summary JSON.
    var summaryDecimals: Int {
        switch self {
        case .bodyMassKg, .bodyFatPercent, .hrvSdnnMs, .restingHeartRateBpm: 1
        default: 0
        }
    }

    /// How the text names the metric when it has no data: "no weight data".
    var textName: String {
        switch self {
        case .stepCount: "step"
        case .sleepSegment: "sleep"
        case .restingHeartRateBpm: "resting HR"
        case .hrvSdnnMs: "HRV"
        case .bodyMassKg: "weight"
        case .bodyFatPercent: "body fat"
        case .dietaryEnergyKcal: "dietary energy"
        case .activeEnergyKcal: "active energy"
        default: rawValue
        }
    }

    /// What the summary number of a day means, for capabilities and schemas.
    var summaryAggregationText: String {
        switch summaryKind {
        case .total: "daily total; ranges report the total, the average per day with data, min/max days"
        case .average: "daily average of readings; ranges report the average of daily averages, min/max days"
        case .latest: "the day's latest reading; ranges report first and last value, change, average, min/max days"
        case .sleep: "asleep minutes of the night that ends on the day (deep + REM + core + unspecified); ranges report per-night averages"
        }
    }

    /// The number that stands for a day: total, average, latest reading or asleep minutes.
    func summaryValue(_ entry: DayTable.Entry) -> Double? {
        if summaryKind == .latest, let latest = entry.latest ?? entry.data?["latest"]?.doubleValue { return latest }
        return entry.value
    }

    /// The day's number in text form with its unit: "8,432 steps", "72.4 kg".
    func textValue(_ value: Double) -> String {
        switch self {
        case .stepCount: "\(SummaryText.integer(value)) steps"
        case .activeEnergyKcal, .dietaryEnergyKcal: "\(SummaryText.integer(value)) kcal"
        case .restingHeartRateBpm: "\(SummaryText.integer(value)) bpm"
        case .hrvSdnnMs: "\(SummaryText.integer(value)) ms"
        case .bodyMassKg: "\(SummaryText.oneDecimal(value)) kg"
        case .bodyFatPercent: "\(SummaryText.oneDecimal(value))%"
        case .sleepSegment: SummaryText.duration(minutes: Int(value.rounded()))
        default: SummaryText.oneDecimal(value)
        }
    }
}
