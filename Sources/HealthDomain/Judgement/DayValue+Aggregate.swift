extension DayValue {
    /// The headline number of a stored aggregate (``DayAggregate/headlineValue``) with
    /// its primary source (``DayAggregate/primarySource``).
    public init(day: DayKey, aggregate: DayAggregate, status: DayStatus = .settled) {
        self.init(day: day, value: aggregate.headlineValue, source: aggregate.primarySource, status: status)
    }
}

extension DayAggregate {
    /// The source a day's number is mainly owed to: the chosen source of a night, the
    /// best-ranked source that counted after de-duplication for summed metrics, the
    /// best-ranked source otherwise; "unknown" when none is named.
    public var primarySource: String {
        switch self {
        case .cumulative(let day):
            (day.sources.first { $0.counted > 0 } ?? day.sources.first)?.name ?? "unknown"
        case .discrete(let day): day.sources.first ?? day.latestSource
        case .sleep(let night): night.source
        case .categoryDuration(let day), .categoryEvents(let day): day.sources.first ?? "unknown"
        case .bloodPressure(let day): day.sources.first ?? "unknown"
        }
    }
}
