extension Baseline {
    /// The baseline of `series` for day `day`, with the floor `floor`.
    ///
    /// Sources: when the window's days (together with D's value) come from more than one
    /// source, only the days of D's source are used once that source has
    /// ``minimumDays`` of them; until then every source's days are used and the baseline
    /// says it mixes sources.
    ///
    /// - Parameter currentSource: the source D's value is judged for; defaults to the
    ///   source of `series[day]`, nil when D has no value.
    public static func compute(_ series: DaySeries, on day: DayKey, floor: SpreadFloor,
                               currentSource: String? = nil) -> Baseline {
        let window = series.values(from: day.adding(days: -windowDays), through: day.adding(days: -1))
        let current = currentSource ?? series[day]?.source
        // More than one source among the window's days and D's exactly when some window
        // day differs from D's source (or, without one, from the first day's): no set of
        // names is built for the common case of one source (a year's scan builds hundreds).
        let reference = current ?? window.first?.source
        let severalSources = reference.map { reference in window.contains { $0.source != reference } } ?? false

        var used = Array(window)
        var sourcing = BaselineSourcing.singleSource
        if severalSources {
            let own = window.filter { $0.source == current }
            if current != nil, own.count >= minimumDays {
                used = own
                sourcing = .currentSourceOnly
            } else {
                sourcing = .mixedSources
            }
        }
        let sources = sourcing == .mixedSources ? Set(used.map(\.source)).sorted() : (used.first.map { [$0.source] } ?? [])
        let leftOut = window.count - used.count

        guard used.count >= minimumDays else {
            return Baseline(metric: series.metric, day: day, status: .insufficient, daysWithData: used.count, sourcing: sourcing,
                            sources: sources, currentSource: current, daysLeftOut: leftOut, inputs: used, centre: nil, mad: nil,
                            scaledMAD: nil, spreadFloor: nil, spreadFloorFraction: floor.fraction, floorApplied: false, spread: nil)
        }
        let (centre, mad) = RobustStatistics.medianAndMAD(used.map(\.value))!
        let scaled = RobustStatistics.madScale * mad
        let floorValue = floor.value(median: centre)
        return Baseline(metric: series.metric, day: day, status: .available, daysWithData: used.count, sourcing: sourcing,
                        sources: sources, currentSource: current, daysLeftOut: leftOut, inputs: used, centre: centre, mad: mad,
                        scaledMAD: scaled, spreadFloor: floorValue, spreadFloorFraction: floor.fraction,
                        floorApplied: floorValue > scaled, spread: Swift.max(scaled, floorValue))
    }

    /// ``compute(_:on:floor:currentSource:)`` with the floor `catalog` sets for the series' metric.
    public static func compute(_ series: DaySeries, on day: DayKey, catalog: MetricCatalog = .standard) -> Baseline {
        compute(series, on: day, floor: SpreadFloor(spec: catalog.spec(for: series.metric)))
    }
}
