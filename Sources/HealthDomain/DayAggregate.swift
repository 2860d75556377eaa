import JSON

/// The derived value of one metric on one local day (or night, for sleep).
public enum DayAggregate: Sendable, Equatable {
    /// A summed metric (steps, active or dietary energy).
    case cumulative(CumulativeDay)
    /// Point readings (heart rate, HRV, body mass, body fat).
    case discrete(DiscreteDay)
    /// A night of sleep, keyed by the wake-up date.
    case sleep(SleepNight)
    /// Category samples with a duration: count and minutes.
    case categoryDuration(CategoryDay)
    /// Category events and symptoms: count and values seen.
    case categoryEvents(CategoryDay)
    /// Blood pressure readings.
    case bloodPressure(BloodPressureDay)

    /// The JSON of the wrapped aggregate.
    public var json: JSONValue {
        switch self {
        case .cumulative(let day): day.json
        case .discrete(let day): day.json
        case .sleep(let night): night.json
        case .categoryDuration(let day), .categoryEvents(let day): day.json
        case .bloodPressure(let day): day.json
        }
    }
}
