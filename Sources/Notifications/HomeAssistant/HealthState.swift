/// The figures Home Assistant shows, as the server knows them now. nil means no data
/// (Home Assistant shows the sensor as unknown), never zero.
public struct HealthState: Sendable, Equatable {
    /// Today's step count (cross-source de-duplicated).
    public var stepsToday: Double?
    /// Today's active energy, kcal.
    public var activeEnergyTodayKcal: Double?
    /// Last night's time asleep, minutes.
    public var sleepLastNightMinutes: Double?
    /// The latest resting heart rate, bpm.
    public var restingHeartRateBpm: Double?
    /// The latest heart rate variability (SDNN), ms.
    public var hrvMs: Double?
    /// The latest body mass, kg.
    public var weightKg: Double?
    /// Today's readiness score, 0–100; nil when unknown.
    public var readinessScore: Int?
    /// Every source with its newest sample.
    public var sources: [SourceActivity]

    /// A state with these figures.
    public init(stepsToday: Double? = nil, activeEnergyTodayKcal: Double? = nil, sleepLastNightMinutes: Double? = nil,
                restingHeartRateBpm: Double? = nil, hrvMs: Double? = nil, weightKg: Double? = nil, readinessScore: Int? = nil,
                sources: [SourceActivity] = []) {
        self.stepsToday = stepsToday
        self.activeEnergyTodayKcal = activeEnergyTodayKcal
        self.sleepLastNightMinutes = sleepLastNightMinutes
        self.restingHeartRateBpm = restingHeartRateBpm
        self.hrvMs = hrvMs
        self.weightKg = weightKg
        self.readinessScore = readinessScore
        self.sources = sources
    }
}
