extension MetricRecords {
    /// Records of `series` over `from…to`; over all time when both are nil: from the first
    /// day with data to `today`. A missing `from` is the first day with data, a missing
    /// `to` is `today`. `goal` (met at ≥) adds streaks; the current run ends on the range's
    /// last day. Direction and summing come from `catalog`.
    public static func compute(_ series: DaySeries, from: DayKey? = nil, to: DayKey? = nil, today: DayKey, goal: Double? = nil,
                               catalog: MetricCatalog = .standard) throws(JudgementError) -> MetricRecords {
        let spec = catalog.spec(for: series.metric)
        let lowerIsBetter = spec?.lowerIsBetter ?? false
        let summed = spec?.kind.isSummed ?? false
        let end = to ?? today
        let start = from ?? Swift.min(series.firstDay ?? end, end)
        try JudgementError.checkSpan(from: start, to: end, maximumDays: nil)
        let values = Array(series.values(from: start, through: end))

        // A summed day that is still provisional can only grow: not a candidate for a minimum.
        let minimumCandidates = summed ? values.filter { $0.status == .settled } : values
        let maximum = extreme(values, by: >)
        let minimum = extreme(minimumCandidates, by: <)
        let best = lowerIsBetter ? minimum : maximum
        let worst = lowerIsBetter ? maximum : minimum

        var bestWeek: PeriodRecord?
        var bestMonth: PeriodRecord?
        if summed {
            let weeks = periods(values, .isoWeek, from: start, to: end)
            let months = periods(values, .month, from: start, to: end)
            bestWeek = bestPeriod(weeks, lowerIsBetter: lowerIsBetter)
            bestMonth = bestPeriod(months, lowerIsBetter: lowerIsBetter)
        }
        let streaks = try goal.map { threshold throws(JudgementError) in
            let streakGoal = StreakGoal.atLeast(threshold)
            return try StreakReport.compute(goal: streakGoal, days: values.compactMap { GoalDay($0, goal: streakGoal) },
                                            from: start, to: end, today: today)
        }
        return MetricRecords(metric: series.metric, from: start, to: end, lowerIsBetter: lowerIsBetter, summed: summed,
                             daysWithData: values.count, best: best.map(record), worst: worst.map(record), bestWeek: bestWeek,
                             bestMonth: bestMonth, streaks: streaks)
    }

    private static func record(_ value: DayValue) -> DayRecord { DayRecord(day: value.day, value: value.value, status: value.status) }

    /// The first value that no later value beats under `beats` (ties keep the earlier day).
    private static func extreme(_ values: [DayValue], by beats: (Double, Double) -> Bool) -> DayValue? {
        var best: DayValue?
        for value in values where best == nil || beats(value.value, best!.value) { best = value }
        return best
    }

    /// The totals of the weeks or months holding `values`, each clipped to `from…to`, in day order.
    static func periods(_ values: [DayValue], _ period: PeriodRecord.Period, from: DayKey, to: DayKey) -> [PeriodRecord] {
        var out: [PeriodRecord] = []
        var statuses: [DayStatus] = []
        for value in values {
            let periodStart = period == .isoWeek ? value.day.isoWeekStart : value.day.monthStart
            if out.last.map({ !contains($0, value.day) }) ?? true {
                let periodEnd = period == .isoWeek ? periodStart.adding(days: 6) : periodStart.monthEnd
                let label = period == .isoWeek ? value.day.isoWeekLabel : value.day.monthLabel
                out.append(PeriodRecord(period: period, label: label, start: Swift.max(periodStart, from), end: Swift.min(periodEnd, to),
                                        total: 0, daysWithData: 0, partial: periodStart < from || periodEnd > to, status: .settled))
                statuses = []
            }
            statuses.append(value.status)
            out[out.count - 1].total += value.value
            out[out.count - 1].daysWithData += 1
            out[out.count - 1].status = DayStatus.combined(statuses)
        }
        return out
    }

    private static func contains(_ record: PeriodRecord, _ day: DayKey) -> Bool { record.start <= day && day <= record.end }

    /// The period with the largest total (smallest when lower is better; then a period
    /// holding a provisional day is no candidate); the earlier one on ties.
    private static func bestPeriod(_ periods: [PeriodRecord], lowerIsBetter: Bool) -> PeriodRecord? {
        var best: PeriodRecord?
        for period in periods {
            if lowerIsBetter {
                guard period.status == .settled else { continue }
                if best == nil || period.total < best!.total { best = period }
            } else if best == nil || period.total > best!.total {
                best = period
            }
        }
        return best
    }
}
