import HealthDomain

/// The headline value (total, average, asleep minutes) of each recomputed (day, metric),
/// nil where the day's aggregate went away: what a `day.changed` entry carries as values.
typealias DayHeadlines = [DayKey: [Metric: Double?]]
