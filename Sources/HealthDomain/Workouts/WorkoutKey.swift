/// The key of a workout whose client sends no id (HealthSave v1 and other exports
/// without HealthKit UUIDs): derived from what identifies a workout — activity type,
/// source, start and end — with the same hash as derived sample keys, so a corrected
/// distance or energy updates the stored workout instead of adding a second one.
public enum WorkoutKey {
    /// Prefix of derived workout keys; distinct from sample keys and HealthKit UUIDs.
    public static let derivedPrefix = "w1-"

    /// `w1-` and 32 hex digits.
    public static func derived(activityType: WorkoutActivityType, source: String, startTimeMs: Int64, endTimeMs: Int64) -> String {
        derivedPrefix + SampleKey.digest([activityType.name, source, String(startTimeMs), String(endTimeMs)])
    }
}
