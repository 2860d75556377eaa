/// A metric's records over a range or all time: best and worst day, the best ISO week
/// and calendar month for summed metrics, and streaks when a goal is given.
///
/// "Best" is the maximum, or the minimum for metrics the catalog marks
/// ``MetricSpec/lowerIsBetter``. For summed metrics a provisional day's total can only
/// grow, so it is no candidate for a minimum record (a half-synced morning is not the
/// worst day); it takes part in the maximum records and is marked. Ties go to the
/// earlier day or period.
public struct MetricRecords: Sendable, Equatable {
    /// The metric.
    public var metric: Metric
    /// The first day judged.
    public var from: DayKey
    /// The last day judged.
    public var to: DayKey
    /// Whether the minimum is the best (from the catalog).
    public var lowerIsBetter: Bool
    /// Whether the metric is summed per day, so weeks and months have totals.
    public var summed: Bool
    /// Days in the range with a value.
    public var daysWithData: Int
    /// The best day; nil without data.
    public var best: DayRecord?
    /// The worst day; nil without data.
    public var worst: DayRecord?
    /// The best ISO week by total; nil for metrics that are not summed or without data.
    public var bestWeek: PeriodRecord?
    /// The best calendar month by total; nil for metrics that are not summed or without data.
    public var bestMonth: PeriodRecord?
    /// Streaks of the goal, when one was given.
    public var streaks: StreakReport?

    /// Records with explicit values.
    public init(metric: Metric, from: DayKey, to: DayKey, lowerIsBetter: Bool, summed: Bool, daysWithData: Int, best: DayRecord?,
                worst: DayRecord?, bestWeek: PeriodRecord?, bestMonth: PeriodRecord?, streaks: StreakReport?) {
        self.metric = metric
        self.from = from
        self.to = to
        self.lowerIsBetter = lowerIsBetter
        self.summed = summed
        self.daysWithData = daysWithData
        self.best = best
        self.worst = worst
        self.bestWeek = bestWeek
        self.bestMonth = bestMonth
        self.streaks = streaks
    }
}
