/// The longest and the current run of days meeting a goal over a range.
///
/// The current run ends on the range's last day. When that day is still open (its value
/// is provisional, or it is today or later without a value) and does not meet the goal
/// yet, it neither counts nor breaks the run: the run counted ends the day before and
/// ``lastDayOpen`` says so. An open day that already meets the goal counts.
public struct StreakReport: Sendable, Equatable {
    /// The goal.
    public var goal: StreakGoal
    /// The first day of the range.
    public var from: DayKey
    /// The last day of the range: the day the current run is measured at.
    public var to: DayKey
    /// Days in the range that met the goal.
    public var daysMet: Int
    /// The longest run; the earliest when several are as long; nil when no day met the goal.
    public var longest: Streak?
    /// The run ending on ``to`` (or the day before, see ``lastDayOpen``); nil when there is none.
    public var current: Streak?
    /// Whether ``to`` is still open and not met yet, so the current run was taken up to the day before.
    public var lastDayOpen: Bool

    /// A report with explicit values.
    public init(goal: StreakGoal, from: DayKey, to: DayKey, daysMet: Int, longest: Streak?, current: Streak?, lastDayOpen: Bool) {
        self.goal = goal
        self.from = from
        self.to = to
        self.daysMet = daysMet
        self.longest = longest
        self.current = current
        self.lastDayOpen = lastDayOpen
    }
}

extension StreakReport {
    /// Runs of `days` meeting `goal` inside `from…to`; days without an entry break runs.
    /// `today` (the local date now) marks days from it on as open when they have no entry.
    public static func compute(goal: StreakGoal, days: [GoalDay], from: DayKey, to: DayKey, today: DayKey?) throws(JudgementError) -> StreakReport {
        try JudgementError.checkSpan(from: from, to: to, maximumDays: nil)
        var byDay: [Int: GoalDay] = [:]
        for day in days where day.day >= from && day.day <= to { byDay[day.day.ordinal] = day }

        var longest: Streak?
        var runStart: DayKey?
        var runStatuses: [DayStatus] = []
        var daysMet = 0
        func closeRun(endingBefore day: DayKey) {
            guard let start = runStart else { return }
            let run = Streak(start: start, end: day.adding(days: -1), length: day.ordinal - start.ordinal,
                             status: DayStatus.combined(runStatuses))
            if run.length > (longest?.length ?? 0) { longest = run }
            runStart = nil
            runStatuses = []
        }
        for ordinal in from.ordinal...to.ordinal {
            let day = DayKey(ordinal: ordinal)
            if let entry = byDay[ordinal], entry.met {
                daysMet += 1
                if runStart == nil { runStart = day }
                runStatuses.append(entry.status)
            } else {
                closeRun(endingBefore: day)
            }
        }
        closeRun(endingBefore: to.adding(days: 1))

        var end = to
        var lastDayOpen = false
        let last = byDay[to.ordinal]
        if last?.met != true {
            let open = last.map { $0.status == .provisional } ?? today.map { to >= $0 } ?? false
            guard open else {
                return StreakReport(goal: goal, from: from, to: to, daysMet: daysMet, longest: longest, current: nil, lastDayOpen: false)
            }
            lastDayOpen = true
            end = to.adding(days: -1)
        }
        var start = end.adding(days: 1)
        var statuses: [DayStatus] = []
        while start.adding(days: -1) >= from, let entry = byDay[start.ordinal - 1], entry.met {
            start = start.adding(days: -1)
            statuses.append(entry.status)
        }
        let length = end.ordinal - start.ordinal + 1
        let current = length > 0 ? Streak(start: start, end: end, length: length, status: DayStatus.combined(statuses)) : nil
        return StreakReport(goal: goal, from: from, to: to, daysMet: daysMet, longest: longest, current: current, lastDayOpen: lastDayOpen)
    }
}
