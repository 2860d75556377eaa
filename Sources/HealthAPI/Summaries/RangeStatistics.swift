import HealthDomain

/// Statistics of one metric's day values over a range: the arithmetic behind range
/// summaries, comparisons and series, kept separate so it is testable by hand.
struct RangeStatistics: Sendable, Equatable {
    var daysWithData: Int
    var daysInRange: Int
    var total: Double
    var average: Double
    var min: (day: DayKey, value: Double)?
    var max: (day: DayKey, value: Double)?
    var first: (day: DayKey, value: Double)?
    var last: (day: DayKey, value: Double)?
    /// Least-squares slope per day over the days with data; nil below three days.
    var slopePerDay: Double?

    static func == (a: RangeStatistics, b: RangeStatistics) -> Bool {
        a.daysWithData == b.daysWithData && a.total == b.total && a.average == b.average && a.slopePerDay == b.slopePerDay
            && a.min?.day == b.min?.day && a.max?.day == b.max?.day
    }

    init(_ values: [(day: DayKey, value: Double)], daysInRange: Int) {
        self.daysInRange = daysInRange
        daysWithData = values.count
        total = values.reduce(0) { $0 + $1.value }
        average = values.isEmpty ? 0 : total / Double(values.count)
        // Ties go to the earliest day, so the answer is deterministic.
        for item in values {
            if min.map({ item.value < $0.value }) ?? true { min = item }
            if max.map({ item.value > $0.value }) ?? true { max = item }
        }
        first = values.first
        last = values.last
        if values.count >= 3 {
            let origin = values[0].day.ordinal
            let n = Double(values.count)
            let meanX = values.reduce(0.0) { $0 + Double($1.day.ordinal - origin) } / n
            var sxx = 0.0, sxy = 0.0
            for item in values {
                let dx = Double(item.day.ordinal - origin) - meanX
                sxx += dx * dx
                sxy += dx * (item.value - average)
            }
            slopePerDay = sxx > 0 ? sxy / sxx : nil
        }
    }

    /// "rising", "falling" or "steady": steady when the fitted change over the range is
    /// under 3% of the average (or the average is zero).
    var direction: String? {
        guard let slopePerDay, let first, let last else { return nil }
        let change = slopePerDay * Double(last.day.ordinal - first.day.ordinal)
        guard average != 0, abs(change) >= abs(average) * 0.03 else { return "steady" }
        return change > 0 ? "rising" : "falling"
    }

    /// The number ranges compare: the per-day average, or the last reading for weights.
    func headline(_ kind: SummaryKind) -> Double? {
        guard daysWithData > 0 else { return nil }
        return kind == .latest ? last?.value : average
    }
}
