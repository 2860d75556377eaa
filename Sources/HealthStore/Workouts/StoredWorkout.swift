import HealthDomain

/// A workout read back from the store, with what the row knows beside it: its local
/// day and the sizes of its timelines (a listing reads those without the timelines).
public struct StoredWorkout: Sendable, Equatable {
    public var workout: Workout
    public var day: DayKey
    public var heartRatePoints: Int
    public var routePoints: Int
}
