/// How the samples of a metric are combined into a day aggregate.
public enum MetricAggregation: String, Sendable, CaseIterable {
    /// Summed per day; overlapping sources are de-duplicated by source priority over time
    /// (steps, active energy), because Watch and iPhone both count the same walk.
    case cumulativeDeduplicated
    /// Summed per day; every entry counts and sources are not de-duplicated (dietary
    /// energy: two logged meals are two meals).
    case cumulative
    /// Point readings: average, minimum, maximum and latest of the day (resting heart
    /// rate, HRV, body mass, body fat).
    case discrete
    /// Sleep segments, aggregated per night (the day you wake up).
    case sleep
    /// Unknown metrics: stored and listed, never aggregated.
    case raw
}
