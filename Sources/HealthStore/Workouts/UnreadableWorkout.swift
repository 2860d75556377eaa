/// A stored workout row that does not decode (a damaged timeline, an activity type this
/// build does not know). Answers that need it fail with a 500 instead of showing the
/// workout without its data.
public struct UnreadableWorkout: Error, Sendable, Equatable {
    public var workoutKey: String
    /// What failed; never the stored values.
    public var reason: String

    public init(workoutKey: String, reason: String) {
        self.workoutKey = workoutKey
        self.reason = reason
    }
}
