/// What a day must do to extend a streak: reach a threshold (met at ≥), or close an
/// activity ring (read from the day's activity summary).
public struct StreakGoal: Sendable, Equatable {
    /// The kind of goal.
    public enum Kind: String, Sendable, CaseIterable {
        /// The day value is at least ``StreakGoal/threshold``.
        case atLeast = "at_least"
        /// The activity ring ``StreakGoal/ring`` was closed.
        case ringClosed = "ring_closed"
    }

    /// Threshold or ring.
    public var kind: Kind
    /// The value a day must reach, for `at_least`.
    public var threshold: Double?
    /// The ring, for `ring_closed`.
    public var ring: ActivityRing?

    /// A day value of at least `threshold`.
    public static func atLeast(_ threshold: Double) -> StreakGoal { StreakGoal(kind: .atLeast, threshold: threshold, ring: nil) }

    /// `ring` closed.
    public static func ringClosed(_ ring: ActivityRing) -> StreakGoal { StreakGoal(kind: .ringClosed, threshold: nil, ring: ring) }
}
