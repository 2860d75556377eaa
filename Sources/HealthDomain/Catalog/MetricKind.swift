/// How the samples of a metric become a day (or night) value. Code interprets kinds,
/// never individual metrics: a new metric of an existing kind is one catalog entry.
public enum MetricKind: String, Sendable, CaseIterable {
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

    /// Whether a sample's value is spread over the local days its interval overlaps
    /// (summed kinds), rather than read at its start (readings) or its end (sleep).
    public var isSummed: Bool { self == .cumulative || self == .cumulativeDeduplicated }

    /// Whether samples of this kind carry a number (`valueNumber`) rather than a category.
    public var takesNumber: Bool { self != .sleep }
}
