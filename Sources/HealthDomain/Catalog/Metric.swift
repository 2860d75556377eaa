/// The name of a kind of health measurement, such as `step_count`.
///
/// Any well-formed name (see ``isWellFormedName(_:)``) is a metric: those in the
/// ``MetricCatalog`` are aggregated into days, every other one is stored and listed raw
/// so that clients sending a couple of hundred HealthKit types never lose data. The
/// static constants name the built-in metrics for code and tests; what each one *is*
/// lives in its ``MetricSpec``.
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
}
