/// What happened: the `type` of a ``ChangeEvent``, spelled as receivers see it.
public enum ChangeEventType: String, Sendable, CaseIterable, Comparable {
    /// A day's aggregates changed (new or corrected samples).
    case dayChanged = "day.changed"
    /// A day stopped changing: its figures are no longer provisional.
    case daySettled = "day.settled"
    /// A night's sleep stopped changing.
    case nightSettled = "night.settled"
    /// A workout was added, changed or removed.
    case workoutChanged = "workout.changed"
    /// A write intent changed status (pending, applied, …).
    case intentStatus = "intent.status"
    /// A write intent was given up.
    case intentDead = "intent.dead"
    /// A source stopped sending for longer than expected.
    case sourceSilent = "source.silent"
    /// A silent source sent again.
    case sourceBack = "source.back"
    /// The morning's readiness score can be read.
    case readinessReady = "readiness.ready"

    /// Orders by wire name, so stored type lists read the same every time.
    public static func < (a: ChangeEventType, b: ChangeEventType) -> Bool { a.rawValue < b.rawValue }
}
