/// The name of a kind of health measurement, such as `step_count`.
///
/// Any well-formed name (see ``isWellFormedName(_:)``) is a metric: the eight canonical
/// ones are aggregated into days, every other one is stored and listed raw so that
/// clients sending a couple of hundred HealthKit types never lose data.
public struct Metric: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The wire name, e.g. `"step_count"`.
    public let rawValue: String

    /// Wraps a name without checking it; use ``isWellFormedName(_:)`` on untrusted input.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Allows `let m: Metric = "step_count"` in code and tests.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The wire name.
    public var description: String { rawValue }

    /// By name, so listings are stable.
    public static func < (lhs: Metric, rhs: Metric) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Steps, summed per day with cross-source de-duplication.
    public static let stepCount: Metric = "step_count"
    /// Active energy burned in kcal, summed per day with cross-source de-duplication.
    public static let activeEnergyKcal: Metric = "active_energy_kcal"
    /// Dietary energy eaten in kcal; every entry counts.
    public static let dietaryEnergyKcal: Metric = "dietary_energy_kcal"
    /// Resting heart rate in beats per minute.
    public static let restingHeartRateBpm: Metric = "resting_heart_rate_bpm"
    /// Heart rate variability (SDNN) in milliseconds.
    public static let hrvSdnnMs: Metric = "hrv_sdnn_ms"
    /// Body mass in kilograms.
    public static let bodyMassKg: Metric = "body_mass_kg"
    /// Body fat in percent (0–100).
    public static let bodyFatPercent: Metric = "body_fat_percent"
    /// One sleep-analysis segment (in bed, asleep, a stage or awake).
    public static let sleepSegment: Metric = "sleep_segment"

    /// The metrics this server understands and aggregates, in documentation order.
    public static let canonical: [Metric] = [
        .stepCount, .activeEnergyKcal, .dietaryEnergyKcal, .restingHeartRateBpm,
        .hrvSdnnMs, .bodyMassKg, .bodyFatPercent, .sleepSegment,
    ]

    /// Whether this is one of the ``canonical`` metrics.
    public var isCanonical: Bool { aggregation != .raw }

    /// Whether a name matches `^[a-z][a-z0-9_]{0,63}$`, the only names accepted at all.
    ///
    /// Checked on UTF-8 bytes because it runs once per ingested sample.
    public static func isWellFormedName(_ name: String) -> Bool {
        var count = 0
        for byte in name.utf8 {
            count += 1
            if count > 64 { return false }
            let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            if count == 1 {
                if !isLower { return false }
            } else {
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                if !(isLower || isDigit || byte == UInt8(ascii: "_")) { return false }
            }
        }
        return count > 0
    }

    /// How samples of this metric become a day aggregate.
    public var aggregation: MetricAggregation {
        switch self {
        case .stepCount, .activeEnergyKcal: .cumulativeDeduplicated
        case .dietaryEnergyKcal: .cumulative
        case .restingHeartRateBpm, .hrvSdnnMs, .bodyMassKg, .bodyFatPercent: .discrete
        case .sleepSegment: .sleep
        default: .raw
        }
    }

    /// The canonical unit values are stored in; nil for sleep (a category) and unknown metrics.
    public var unit: String? {
        switch self {
        case .stepCount: "count"
        case .activeEnergyKcal, .dietaryEnergyKcal: "kcal"
        case .restingHeartRateBpm: "bpm"
        case .hrvSdnnMs: "ms"
        case .bodyMassKg: "kg"
        case .bodyFatPercent: "%"
        default: nil
        }
    }

    /// One sentence describing the metric and its unit, for API documentation.
    public var summary: String {
        switch self {
        case .stepCount:
            "Steps taken (count); a day's total is de-duplicated across sources by source priority."
        case .activeEnergyKcal:
            "Active energy burned (kcal); a day's total is de-duplicated across sources by source priority."
        case .dietaryEnergyKcal:
            "Dietary energy eaten (kcal); every logged entry counts toward the day's total."
        case .restingHeartRateBpm:
            "Resting heart rate (bpm); a day reports average, minimum, maximum and latest."
        case .hrvSdnnMs:
            "Heart rate variability as SDNN (ms); a day reports average, minimum, maximum and latest."
        case .bodyMassKg:
            "Body mass (kg); a day reports the latest weighing plus average, minimum and maximum."
        case .bodyFatPercent:
            "Body fat percentage (%, 0–100); a day reports the latest reading plus average, minimum and maximum."
        case .sleepSegment:
            "Sleep analysis segment (category: inBed, asleep, awake, asleepREM, asleepCore, asleepDeep); a night reports minutes per stage."
        default:
            "Metric '\(rawValue)' is stored and listed raw, without day aggregation."
        }
    }

    /// The range a single sample's value (in the canonical unit) must fall in; nil when any
    /// finite value is accepted.
    public var plausibleRange: ClosedRange<Double>? {
        switch self {
        case .stepCount: 0...200_000
        case .activeEnergyKcal, .dietaryEnergyKcal: 0...20_000
        case .restingHeartRateBpm: 20...250
        case .hrvSdnnMs: 1...500
        case .bodyMassKg: 1...650
        case .bodyFatPercent: 0...100
        default: nil
        }
    }
}
