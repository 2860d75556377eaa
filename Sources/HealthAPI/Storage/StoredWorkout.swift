import HealthDomain

/// A workout read back from the store, with what the row knows beside it: its local
/// day and the sizes of its timelines (a listing reads those without the timelines).
struct StoredWorkout: Sendable, Equatable {
    var workout: Workout
    var day: DayKey
    var heartRatePoints: Int
    var routePoints: Int
}
