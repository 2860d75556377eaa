/// The activity rings of a day's summary, for ring-closing streaks.
public enum ActivityRing: String, Sendable, CaseIterable {
    /// Active energy reached the Move goal.
    case move
    /// Exercise minutes reached the Exercise goal.
    case exercise
    /// Stand hours reached the Stand goal.
    case stand
    /// All three rings closed.
    case all
}

extension ActivitySummary {
    /// Whether `ring` was closed (value ≥ goal); nil when a value or a positive goal is
    /// missing, so an unknown ring is never read as open or closed.
    public func closes(_ ring: ActivityRing) -> Bool? {
        func closed(_ value: Double?, _ goal: Double?) -> Bool? {
            guard let value, let goal, goal > 0 else { return nil }
            return value >= goal
        }
        switch ring {
        case .move: return closed(moveKcal, moveGoalKcal)
        case .exercise: return closed(exerciseMinutes, exerciseGoalMinutes)
        case .stand: return closed(standHours, standGoalHours)
        case .all:
            let rings = [closes(.move), closes(.exercise), closes(.stand)]
            if rings.contains(false) { return false }
            return rings.contains(nil) ? nil : true
        }
    }
}
