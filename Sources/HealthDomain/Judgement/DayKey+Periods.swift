extension DayKey {
    /// The ISO 8601 week-numbering year and week (1–53): weeks start on Monday, and week 1
    /// is the one holding the year's first Thursday, so 2021-01-03 is in 2020's week 53.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - weekday)
        let year = thursday.year
        let firstOfYear = DayKey.daysFromCivil(year: year, month: 1, day: 1)
        return (year, (thursday.ordinal - firstOfYear) / 7 + 1)
    }

    /// The Monday of the day's ISO week.
    public var isoWeekStart: DayKey { adding(days: 1 - weekday) }

    /// The first day of the day's calendar month.
    public var monthStart: DayKey { adding(days: 1 - day) }

    /// The last day of the day's calendar month.
    public var monthEnd: DayKey {
        let (year, month, day) = components
        return adding(days: DayKey.daysInMonth(year: year, month: month) - day)
    }

    /// `YYYY-Www`, e.g. "2020-W53".
    public var isoWeekLabel: String {
        let (year, week) = isoWeek
        return Self.padded(year, 4) + "-W" + Self.padded(week, 2)
    }

    /// `YYYY-MM`, e.g. "2026-03".
    public var monthLabel: String { Self.padded(year, 4) + "-" + Self.padded(month, 2) }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
