/// Whether one day met a streak's goal: the input of streaks, built from day values
/// (threshold goals) or from activity summaries (ring goals).
public struct GoalDay: Sendable, Equatable {
    /// The day.
    public var day: DayKey
    /// Whether the goal was met.
    public var met: Bool
    /// Whether the day may still change.
    public var status: DayStatus

    /// A goal day with explicit values.
    public init(day: DayKey, met: Bool, status: DayStatus = .settled) {
        self.day = day
        self.met = met
        self.status = status
    }

    /// Whether `value` meets `goal` (at ≥); nil for a ring goal, which day values cannot answer.
    public init?(_ value: DayValue, goal: StreakGoal) {
        guard goal.kind == .atLeast, let threshold = goal.threshold else { return nil }
        self.init(day: value.day, met: value.value >= threshold, status: value.status)
    }

    /// Whether `summary` closes `ring`; nil when it cannot say.
    public init?(_ summary: ActivitySummary, ring: ActivityRing, status: DayStatus = .settled) {
        guard let closed = summary.closes(ring) else { return nil }
        self.init(day: summary.day, met: closed, status: status)
    }
}
