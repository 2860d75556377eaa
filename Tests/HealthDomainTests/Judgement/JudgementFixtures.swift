import HealthDomain

/// Hand-made day series for the judgement tests.
enum JudgementFixtures {
    /// A day by its `YYYY-MM-DD` text (crashes on a typo, which is a test bug).
    static func day(_ text: String) -> DayKey { DayKey(text)! }

    /// Consecutive days from `start`, one per element; nil elements are days without data.
    static func values(from start: DayKey, _ numbers: [Double?], source: String = "Apple Watch",
                       status: DayStatus = .settled) -> [DayValue] {
        numbers.enumerated().compactMap { offset, number in
            number.map { DayValue(day: start.adding(days: offset), value: $0, source: source, status: status) }
        }
    }

    /// A series of `metric` with consecutive values from `start`.
    static func series(_ metric: Metric, from start: DayKey, _ numbers: [Double?], source: String = "Apple Watch") -> DaySeries {
        DaySeries(metric: metric, values: values(from: start, numbers, source: source))
    }

    /// `value` on each of the `count` days before `day`, plus `today` on `day` itself when given.
    static func steady(_ metric: Metric, _ value: Double, days count: Int = 28, before day: DayKey, today: Double? = nil,
                       todayStatus: DayStatus = .settled) -> DaySeries {
        var values = Self.values(from: day.adding(days: -count), Array(repeating: value, count: count))
        if let today { values.append(DayValue(day: day, value: today, source: "Apple Watch", status: todayStatus)) }
        return DaySeries(metric: metric, values: values)
    }
}
