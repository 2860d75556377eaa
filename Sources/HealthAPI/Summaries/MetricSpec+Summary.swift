import HealthDomain
import HealthStore

/// The number that stands for a day, as summaries name it.
typealias SummaryKind = SummaryWording.Headline

extension MetricSpec {
    /// How a summary reads the metric's day number.
    var summaryKind: SummaryKind { wording.headline }

    /// Decimals kept in summary JSON.
    var summaryDecimals: Int { wording.decimals }

    /// How the text names the metric when it has no data: "no weight data".
    var textName: String { wording.label }

    /// What the summary number of a day means, for capabilities and schemas.
    var summaryAggregationText: String {
        switch summaryKind {
        case .total: "daily total; ranges report the total, the average per day with data, min/max days"
        case .average: "daily average of readings; ranges report the average of daily averages, min/max days"
        case .latest: "the day's latest reading; ranges report first and last value, change, average, min/max days"
        case .sleep: "asleep minutes of the night that ends on the day (deep + REM + core + unspecified); ranges report per-night averages"
        case .minutes: "minutes of the day's sessions, overlaps counted once, and their number; ranges report total and per-day average minutes"
        case .count: "how many events the day had and which values were seen; ranges report the total and per-day average count"
        case .bloodPressure: "readings (systolic and diastolic of the same time and source) with average, minimum, maximum and latest of each side; ranges report the average systolic"
        }
    }

    /// The number that stands for a day: total, average, latest reading or asleep minutes.
    func summaryValue(_ entry: DayTable.Entry) -> Double? {
        if summaryKind == .latest {
            if let latest = entry.latest { return latest }
            if case .discrete(let day)? = entry.aggregate { return day.latest }
        }
        return entry.value
    }

    /// The day's number in text form with its unit: "8,432 steps", "72.4 kg", "7 h 12 min".
    func textValue(_ value: Double) -> String {
        if summaryKind == .sleep || summaryKind == .minutes { return SummaryText.duration(minutes: Int(value.rounded())) }
        let number = wording.textDecimals == 0 ? SummaryText.integer(value) : SummaryText.oneDecimal(value)
        return number + wording.textUnit
    }
}

extension MetricCatalog {
    /// The metrics every summary lists (as `no_data` when missing), in summary order.
    var alwaysSummarised: [MetricSpec] { summaryOrder.filter(\.wording.always) }
}
