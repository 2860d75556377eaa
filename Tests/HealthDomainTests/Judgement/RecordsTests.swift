import Testing
@testable import HealthDomain

/// Records and streaks: best and worst days by the catalog's direction, best ISO week and
/// month for summed metrics (partial at the range's edges), and runs of a goal.
@Suite struct RecordsTests {
    typealias F = JudgementFixtures

    @Test func isoWeeksAcrossYearBoundaries() {
        let cases: [(String, Int, Int)] = [
            ("2020-12-31", 2020, 53), ("2021-01-03", 2020, 53), ("2021-01-04", 2021, 1), ("2026-12-31", 2026, 53),
            ("2027-01-03", 2026, 53), ("2027-01-04", 2027, 1), ("2024-12-30", 2025, 1), ("2008-12-29", 2009, 1), ("2026-03-04", 2026, 10),
        ]
        for (text, year, week) in cases {
            let week2 = F.day(text).isoWeek
            #expect(week2.year == year && week2.week == week, "\(text)")
        }
        #expect(F.day("2021-01-03").isoWeekLabel == "2020-W53")
        #expect(F.day("2026-03-04").isoWeekLabel == "2026-W10")
        #expect(F.day("2021-01-03").isoWeekStart == F.day("2020-12-28"))
        #expect(F.day("2024-02-10").monthStart == F.day("2024-02-01") && F.day("2024-02-10").monthEnd == F.day("2024-02-29"))
        #expect(F.day("2024-02-10").monthLabel == "2024-02")
    }

    @Test func bestAndWorstFollowTheCatalogDirection() throws {
        let start = F.day("2026-03-02")
        let steps = F.series(.stepCount, from: start, [8000, 12000, 3000, 12000, 5000])
        let r = try MetricRecords.compute(steps, from: start, to: start.adding(days: 4), today: F.day("2026-04-01"))
        // Ties go to the earlier day.
        #expect(r.best == DayRecord(day: start.adding(days: 1), value: 12000, status: .settled))
        #expect(r.worst == DayRecord(day: start.adding(days: 2), value: 3000, status: .settled))
        #expect(!r.lowerIsBetter && r.summed && r.daysWithData == 5)

        let rhr = F.series(.restingHeartRateBpm, from: start, [58, 52, 61])
        let low = try MetricRecords.compute(rhr, from: start, to: start.adding(days: 2), today: F.day("2026-04-01"))
        #expect(low.lowerIsBetter && !low.summed)
        #expect(low.best?.value == 52 && low.worst?.value == 61)
        #expect(low.bestWeek == nil && low.bestMonth == nil)
    }

    @Test func aProvisionalSummedDayIsNoMinimumRecord() throws {
        let start = F.day("2026-03-02")
        let values = F.values(from: start, [8000, 6000]) + [DayValue(day: start.adding(days: 2), value: 900, source: "iPhone", status: .provisional)]
        let r = try MetricRecords.compute(DaySeries(metric: .stepCount, values: values), today: start.adding(days: 2))
        #expect(r.from == start && r.to == start.adding(days: 2))
        #expect(r.worst?.value == 6000)
        // A provisional day that already beats the best is the best, marked.
        let big = F.values(from: start, [8000, 6000]) + [DayValue(day: start.adding(days: 2), value: 9000, source: "iPhone", status: .provisional)]
        let best = try MetricRecords.compute(DaySeries(metric: .stepCount, values: big), today: start.adding(days: 2)).best
        #expect(best == DayRecord(day: start.adding(days: 2), value: 9000, status: .provisional))
    }

    @Test func partialWeeksAndMonthsAtTheRangeEdges() throws {
        // Wednesday 2026-01-28 … Tuesday 2026-02-10: Jan 28–Feb 1 (a cut week, 5 days), Feb 2–8 (whole), Feb 9–10 (cut).
        let from = F.day("2026-01-28")
        let to = F.day("2026-02-10")
        let values: [Double] = [3000, 3000, 3000, 3000, 3000] + Array(repeating: 1000, count: 7) + [9000, 9000]
        let r = try MetricRecords.compute(F.series(.stepCount, from: from, values), from: from, to: to, today: F.day("2026-03-01"))
        let week = try #require(r.bestWeek)
        // 15000 (cut) vs 7000 (whole) vs 18000 (cut): the two-day week wins with what it holds.
        #expect(week.label == "2026-W07" && week.total == 18000 && week.partial && week.daysWithData == 2)
        #expect(week.start == F.day("2026-02-09") && week.end == to && week.period == .isoWeek)
        let month = try #require(r.bestMonth)
        // January holds 4 days (12000), February 10 (3000 + 7000 + 18000 = 28000); both are cut.
        #expect(month.label == "2026-02" && month.total == 3000 + 7000 + 18000 && month.partial)
        #expect(month.start == F.day("2026-02-01") && month.end == to)

        let weeks = MetricRecords.periods(Array(F.series(.stepCount, from: from, values).values), .isoWeek, from: from, to: to)
        #expect(weeks.map(\.label) == ["2026-W05", "2026-W06", "2026-W07"])
        #expect(weeks.map(\.partial) == [true, false, true])
        #expect(weeks.map(\.total) == [15000, 7000, 18000])
        #expect(weeks[0].start == from && weeks[0].end == F.day("2026-02-01"))
    }

    @Test func week53SpansTheYearBoundary() throws {
        // Monday 2020-12-28 … Sunday 2021-01-03 is 2020-W53; the months split it.
        let from = F.day("2020-12-28")
        let to = F.day("2021-01-03")
        let r = try MetricRecords.compute(F.series("distance_walking_running_km", from: from, [1, 2, 3, 4, 5, 6, 7]), from: from, to: to,
                                          today: F.day("2021-02-01"))
        #expect(r.summed)
        #expect(r.bestWeek == PeriodRecord(period: .isoWeek, label: "2020-W53", start: from, end: to, total: 28, daysWithData: 7,
                                           partial: false, status: .settled))
        // December holds 1+2+3+4 = 10, January 5+6+7 = 18; both are cut by the range.
        #expect(r.bestMonth == PeriodRecord(period: .month, label: "2021-01", start: F.day("2021-01-01"), end: to, total: 18,
                                            daysWithData: 3, partial: true, status: .settled))
    }

    @Test func streaksMeetTheGoalAtEquality() throws {
        let from = F.day("2026-03-01")
        // Goal 10000: met, met, no, met(=), met, met(=) → runs of 2 and 3; the current run ends on the last day.
        let steps = F.series(.stepCount, from: from, [10000, 12000, 9999, 10000, 15000, 10000])
        let r = try MetricRecords.compute(steps, from: from, to: from.adding(days: 5), today: F.day("2026-04-01"), goal: 10000)
        let streaks = try #require(r.streaks)
        #expect(streaks.goal == .atLeast(10000) && streaks.daysMet == 5)
        #expect(streaks.longest == Streak(start: from.adding(days: 3), end: from.adding(days: 5), length: 3, status: .settled))
        #expect(streaks.current == streaks.longest && !streaks.lastDayOpen)

        // Ending one day earlier, the current run is the two days to day 4.
        let earlier = try MetricRecords.compute(steps, from: from, to: from.adding(days: 4), today: F.day("2026-04-01"), goal: 10000)
        #expect(earlier.streaks?.current?.length == 2)
        // A gap in the data breaks a run; a settled last day below the goal leaves no current run.
        let gap = F.series(.stepCount, from: from, [10000, nil, 10000, 10000, 500])
        let gapped = try #require(try MetricRecords.compute(gap, from: from, to: from.adding(days: 4), today: F.day("2026-04-01"), goal: 10000).streaks)
        #expect(gapped.longest?.length == 2 && gapped.longest?.start == from.adding(days: 2))
        #expect(gapped.current == nil && !gapped.lastDayOpen)
        // Ties keep the earlier run.
        let tie = F.series(.stepCount, from: from, [10000, 10000, 0, 10000, 10000])
        let tied = try MetricRecords.compute(tie, from: from, to: from.adding(days: 4), today: F.day("2026-04-01"), goal: 10000).streaks
        #expect(tied?.longest?.start == from)
    }

    @Test func aProvisionalTodayCountsOnlyOnceItMeetsTheGoal() throws {
        let from = F.day("2026-03-01")
        let today = from.adding(days: 3)
        let settled = F.values(from: from, [10000, 11000, 12000])
        // Today so far 4000 steps: it does not break the run, and does not count yet.
        let open = DaySeries(metric: .stepCount, values: settled + [DayValue(day: today, value: 4000, source: "iPhone", status: .provisional)])
        let notYet = try #require(try MetricRecords.compute(open, today: today, goal: 10000).streaks)
        #expect(notYet.lastDayOpen && notYet.to == today)
        #expect(notYet.current == Streak(start: from, end: from.adding(days: 2), length: 3, status: .settled))
        // Today already at 10000: it counts, and the run is provisional.
        let met = DaySeries(metric: .stepCount, values: settled + [DayValue(day: today, value: 10000, source: "iPhone", status: .provisional)])
        let counted = try #require(try MetricRecords.compute(met, today: today, goal: 10000).streaks)
        #expect(!counted.lastDayOpen)
        #expect(counted.current == Streak(start: from, end: today, length: 4, status: .provisional))
        // Today without any data yet (all time): open too.
        let none = try #require(try MetricRecords.compute(DaySeries(metric: .stepCount, values: settled), today: today, goal: 10000).streaks)
        #expect(none.lastDayOpen && none.current?.length == 3)
    }

    @Test func ringStreaksFromActivitySummaries() throws {
        let from = F.day("2026-03-01")
        let summaries = (0..<4).map { i in
            ActivitySummary(day: from.adding(days: i), moveKcal: [500, 520, 480, 600][i], moveGoalKcal: 500,
                            exerciseMinutes: 30, exerciseGoalMinutes: 30, standHours: 12, standGoalHours: i == 1 ? 13 : 12)
        }
        #expect(summaries[0].closes(.move) == true && summaries[2].closes(.move) == false)
        #expect(summaries[1].closes(.all) == false && summaries[0].closes(.all) == true)
        #expect(ActivitySummary(day: from, moveKcal: 500).closes(.move) == nil)
        let days = summaries.compactMap { GoalDay($0, ring: .move) }
        let r = try StreakReport.compute(goal: .ringClosed(.move), days: days, from: from, to: from.adding(days: 3), today: nil)
        #expect(r.longest?.length == 2 && r.longest?.start == from)
        #expect(r.current?.length == 1 && r.current?.start == from.adding(days: 3))
        #expect(r.goal.kind == .ringClosed && r.goal.ring == .move)
    }

    @Test func aReversedRangeIsRejected() {
        let steps = F.series(.stepCount, from: F.day("2026-03-01"), [1])
        #expect(throws: JudgementError.self) {
            try MetricRecords.compute(steps, from: F.day("2026-03-02"), to: F.day("2026-03-01"), today: F.day("2026-03-05"))
        }
    }
}
