/// One of the five conditions of the strain signal on one day, with the number it
/// compared and the limit it compared against.
public struct StrainCheck: Sendable, Equatable {
    /// The five conditions.
    public enum Name: String, Sendable, CaseIterable {
        /// Resting heart rate ≥ baseline centre + 5 bpm.
        case restingHeartRateRaised = "resting_heart_rate_raised"
        /// HRV z ≤ −1.5.
        case hrvLowered = "hrv_lowered"
        /// Respiratory rate z ≥ 2.
        case respiratoryRateRaised = "respiratory_rate_raised"
        /// Wrist temperature ≥ baseline centre + 0.5 °C.
        case wristTemperatureRaised = "wrist_temperature_raised"
        /// Asleep under 6 hours (360 minutes) last night.
        case shortSleep = "short_sleep"

        /// The metric the condition reads.
        public var metric: Metric {
            switch self {
            case .restingHeartRateRaised: .restingHeartRateBpm
            case .hrvLowered: .hrvSdnnMs
            case .respiratoryRateRaised: .respiratoryRatePerMin
            case .wristTemperatureRaised: .wristTemperatureDegC
            case .shortSleep: .sleepSegment
            }
        }

        /// What is compared: the day's `value` or its `z`.
        public var compares: Compared {
            switch self {
            case .restingHeartRateRaised, .wristTemperatureRaised, .shortSleep: .value
            case .hrvLowered, .respiratoryRateRaised: .z
            }
        }
    }

    /// The number a condition compares against its limit.
    public enum Compared: String, Sendable, CaseIterable {
        /// The day's value.
        case value
        /// The day's z against its baseline.
        case z
    }

    /// Whether the condition held.
    public enum Outcome: String, Sendable, CaseIterable {
        /// It held.
        case met
        /// It did not.
        case notMet = "not_met"
        /// No value, or no usable baseline where one is needed.
        case unknown
    }

    /// Resting heart rate rise that counts, in bpm.
    public static let restingHeartRateRise = 5.0
    /// HRV z at or below which it counts.
    public static let hrvZLimit = -1.5
    /// Respiratory rate z at or above which it counts.
    public static let respiratoryZLimit = 2.0
    /// Wrist temperature rise that counts, in °C.
    public static let wristTemperatureRise = 0.5
    /// Asleep minutes under which a night counts as short.
    public static let shortSleepMinutes = 360.0

    /// Which condition.
    public var name: Name
    /// The metric it reads.
    public var metric: Metric
    /// Whether the value or the z is compared.
    public var compares: Compared
    /// The day's value; nil without one.
    public var value: Double?
    /// Whether the value may still change; nil without one.
    public var status: DayStatus?
    /// The baseline's centre, where the condition uses a baseline and it is available.
    public var baselineCentre: Double?
    /// The baseline's days with data, where the condition uses a baseline.
    public var baselineDays: Int?
    /// The day's z, for conditions on z.
    public var z: Double?
    /// The limit compared against: `centre + 5`, `−1.5`, `2`, `centre + 0.5`, `360`.
    public var limit: Double?
    /// Met, not met, or unknown.
    public var outcome: Outcome

    /// A check with explicit values.
    public init(name: Name, value: Double?, status: DayStatus?, baselineCentre: Double?, baselineDays: Int?, z: Double?,
                limit: Double?, outcome: Outcome) {
        self.name = name
        self.metric = name.metric
        self.compares = name.compares
        self.value = value
        self.status = status
        self.baselineCentre = baselineCentre
        self.baselineDays = baselineDays
        self.z = z
        self.limit = limit
        self.outcome = outcome
    }
}
