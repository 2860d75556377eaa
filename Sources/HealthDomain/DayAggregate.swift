/// The derived value of one metric on one local day (or night, for sleep).
public enum DayAggregate: Sendable, Equatable {
    case cumulative(CumulativeDay)
    case discrete(DiscreteDay)
    case sleep(SleepNight)

    /// The JSON of the wrapped aggregate.
    public var json: JSONValue {
        switch self {
        case .cumulative(let day): day.json
        case .discrete(let day): day.json
        case .sleep(let night): night.json
        }
    }
}
