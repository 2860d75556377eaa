/// The HealthKit sleep-analysis value of a `sleep_segment` sample, spelled as on the wire.
public enum SleepCategory: String, Sendable, CaseIterable {
    case inBed, asleep, awake, asleepREM, asleepCore, asleepDeep

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
