/// How the samples of a metric become a day (or night) value. Code interprets kinds,
/// never individual metrics: a new metric of an existing kind is one catalog entry.
public enum MetricKind: String, Sendable, CaseIterable {
    /// Summed per day; overlapping sources are de-duplicated by source priority over time
    /// (steps, distances, active energy), because Watch and iPhone both count the same walk.
    case cumulativeDeduplicated
    /// Summed per day; every entry counts and sources are not de-duplicated (dietary
    /// values, water, caffeine: two logged meals are two meals).
    case cumulative
    /// Point readings: average, minimum, maximum, latest and count of the day (heart
    /// rate, HRV, SpO2, body measurements, temperatures, glucose).
    case discrete
    /// Sleep segments, aggregated per night (the day you wake up).
    case sleep
    /// Category samples with a duration (mindful sessions, handwashing): count and
    /// minutes per day, overlaps merged.
    case categoryDuration
    /// Category events and symptoms (heart rate notifications, symptoms, cycle
    /// tracking): count per day and the values seen.
    case categoryEvent
    /// Blood pressure: systolic and diastolic samples of the same time and source are
    /// paired into readings; a day has the readings' count and both sides' statistics.
    case bloodPressure

    /// Whether a sample's value is spread over the local days its interval overlaps
    /// (summed kinds), rather than read at its start (readings, events) or its end (sleep).
    public var isSummed: Bool { self == .cumulative || self == .cumulativeDeduplicated }

    /// Whether samples must carry a number (`valueNumber`); category kinds carry a
    /// category value instead (a number is then optional).
    public var takesNumber: Bool {
        switch self {
        case .cumulativeDeduplicated, .cumulative, .discrete, .bloodPressure: true
        case .sleep, .categoryDuration, .categoryEvent: false
        }
    }

    /// Whether samples must carry a category value (a sleep stage, a symptom's
    /// severity, which side of a blood pressure reading).
    public var takesCategory: Bool {
        switch self {
        case .sleep, .bloodPressure: true
        case .cumulativeDeduplicated, .cumulative, .discrete, .categoryDuration, .categoryEvent: false
        }
    }
}
