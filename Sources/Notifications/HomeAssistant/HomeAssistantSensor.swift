/// One Home Assistant sensor the server publishes: its discovery fields and which figure
/// of a ``HealthState`` it shows.
public struct HomeAssistantSensor: Sendable, Equatable {
    /// Which figure the sensor shows.
    public enum Figure: Sendable, Equatable {
        /// ``HealthState/stepsToday``.
        case stepsToday
        /// ``HealthState/activeEnergyTodayKcal``.
        case activeEnergyToday
        /// ``HealthState/sleepLastNightMinutes``.
        case sleepLastNight
        /// ``HealthState/restingHeartRateBpm``.
        case restingHeartRate
        /// ``HealthState/hrvMs``.
        case heartRateVariability
        /// ``HealthState/weightKg``.
        case weight
        /// ``HealthState/readinessScore``.
        case readiness
        /// The end of the newest sample of the source with this exact name.
        case lastSample(source: String)
    }

    /// Which figure it shows.
    public var figure: Figure
    /// The object id: the discovery topic's last segment and the id's suffix, `[a-z0-9_]`.
    public var objectID: String
    /// The entity's name (Home Assistant puts the device's name before it).
    public var name: String
    /// Home Assistant's device class, if one fits.
    public var deviceClass: String?
    /// The unit, if any.
    public var unit: String?
    /// `measurement` or `total_increasing`, for long-term statistics; nil for timestamps.
    public var stateClass: String?
    /// Decimals shown; the state itself is rounded to the same.
    public var precision: Int?
    /// A Material Design icon for sensors whose device class brings none.
    public var icon: String?

    /// A sensor with these fields.
    public init(figure: Figure, objectID: String, name: String, deviceClass: String?, unit: String?, stateClass: String?,
                precision: Int?, icon: String?) {
        self.figure = figure
        self.objectID = objectID
        self.name = name
        self.deviceClass = deviceClass
        self.unit = unit
        self.stateClass = stateClass
        self.precision = precision
        self.icon = icon
    }

    /// The sensors every server has, in a fixed order.
    ///
    /// Steps and active energy count up through the day and start again at midnight:
    /// `total_increasing`, whose drop Home Assistant reads as a new cycle. Sleep is in
    /// minutes (device class `duration`). Heart rate, HRV and readiness have no device
    /// class in Home Assistant, so they carry a unit and an icon. Active energy has no
    /// device class either: `energy` took `kcal` only in recent Home Assistant versions.
    public static let standard: [HomeAssistantSensor] = [
        HomeAssistantSensor(figure: .stepsToday, objectID: "steps_today", name: "Steps today", deviceClass: nil,
                            unit: "steps", stateClass: "total_increasing", precision: 0, icon: "mdi:walk"),
        HomeAssistantSensor(figure: .activeEnergyToday, objectID: "active_energy_today", name: "Active energy today",
                            deviceClass: nil, unit: "kcal", stateClass: "total_increasing", precision: 0, icon: "mdi:fire"),
        HomeAssistantSensor(figure: .sleepLastNight, objectID: "sleep_last_night", name: "Sleep last night",
                            deviceClass: "duration", unit: "min", stateClass: "measurement", precision: 0, icon: "mdi:sleep"),
        HomeAssistantSensor(figure: .restingHeartRate, objectID: "resting_heart_rate", name: "Resting heart rate",
                            deviceClass: nil, unit: "bpm", stateClass: "measurement", precision: 0, icon: "mdi:heart-pulse"),
        HomeAssistantSensor(figure: .heartRateVariability, objectID: "heart_rate_variability", name: "Heart rate variability",
                            deviceClass: nil, unit: "ms", stateClass: "measurement", precision: 0, icon: "mdi:heart-flash"),
        HomeAssistantSensor(figure: .weight, objectID: "weight", name: "Weight", deviceClass: "weight",
                            unit: "kg", stateClass: "measurement", precision: 1, icon: nil),
        HomeAssistantSensor(figure: .readiness, objectID: "readiness", name: "Readiness", deviceClass: nil,
                            unit: nil, stateClass: "measurement", precision: 0, icon: "mdi:gauge"),
    ]

    /// The last-sample sensor of the source named `source`: device class `timestamp`, its
    /// object id `source_` and the name's slug (``HomeAssistantSlug``).
    public static func lastSample(source: String) -> HomeAssistantSensor {
        HomeAssistantSensor(figure: .lastSample(source: source), objectID: "source_" + HomeAssistantSlug.slug(source),
                            name: "\(source) last sample", deviceClass: "timestamp", unit: nil, stateClass: nil,
                            precision: nil, icon: nil)
    }
}
