/// The HealthKit sleep-analysis value of a `sleep_segment` sample, spelled as on the wire.
public enum SleepCategory: String, Sendable, CaseIterable {
    /// In bed, asleep or not.
    case inBed
    /// Asleep without stage information (HealthKit's legacy `asleep` / `asleepUnspecified`).
    case asleep
    /// Awake during the night.
    case awake
    /// REM sleep.
    case asleepREM
    /// Core (light) sleep.
    case asleepCore
    /// Deep sleep.
    case asleepDeep

    /// Whether this is a fine-grained stage (deep, REM, core), which makes a coarse
    /// `asleep` span of the same source and night redundant.
    public var isStage: Bool {
        switch self {
        case .asleepDeep, .asleepREM, .asleepCore: true
        case .inBed, .asleep, .awake: false
        }
    }

    /// Whether the segment means the person was asleep (coarse `asleep` or a stage).
    public var isAsleep: Bool { self == .asleep || isStage }
}
