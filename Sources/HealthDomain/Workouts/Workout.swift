/// One workout as HealthKit records it (`HKWorkout`), stored as its own record beside
/// the samples. Its energy and distance never count in day aggregates: a day's active
/// energy comes from samples, which already include the workout's minutes.
public struct Workout: Sendable, Equatable {
    /// The upsert key: the client's id (a HealthKit UUID), or one derived from
    /// (activity type, source, start, end) with ``WorkoutKey/derived(activityType:source:startTimeMs:endTimeMs:)``.
    public var workoutKey: String
    /// The activity type, resolved through ``WorkoutActivityType/all``.
    public var activityType: WorkoutActivityType
    /// A readable name: the client's ("Outdoor Run") or the type's ("Running").
    public var name: String
    /// Start instant, Unix epoch milliseconds.
    public var startTimeMs: Int64
    /// End instant, Unix epoch milliseconds (≥ start).
    public var endTimeMs: Int64
    /// Active time in seconds; shorter than end − start when the workout was paused.
    public var durationSeconds: Double
    /// Active energy burned, kcal.
    public var activeEnergyKcal: Double?
    /// Distance covered, km.
    public var distanceKm: Double?
    /// Average heart rate, bpm.
    public var avgHeartRateBpm: Double?
    /// Highest heart rate, bpm.
    public var maxHeartRateBpm: Double?
    /// Heart-rate readings during the workout, ascending by time.
    public var heartRate: [HeartRatePoint]
    /// GPS route points, ascending by time.
    public var route: [RoutePoint]
    /// The recording source's name ("Jane's Apple Watch").
    public var sourceName: String?
    /// The recording source's bundle identifier.
    public var sourceBundleId: String?
    /// The device that recorded the workout.
    public var device: String?
    /// The IANA zone the workout was recorded in; its local day is the date of its start there.
    public var timezone: String
    /// Other facts as compact JSON object text with sorted keys.
    public var metadata: String?

    /// A workout with explicit values.
    public init(
        workoutKey: String, activityType: WorkoutActivityType, name: String, startTimeMs: Int64, endTimeMs: Int64,
        durationSeconds: Double, activeEnergyKcal: Double? = nil, distanceKm: Double? = nil, avgHeartRateBpm: Double? = nil,
        maxHeartRateBpm: Double? = nil, heartRate: [HeartRatePoint] = [], route: [RoutePoint] = [], sourceName: String? = nil,
        sourceBundleId: String? = nil, device: String? = nil, timezone: String, metadata: String? = nil
    ) {
        self.workoutKey = workoutKey
        self.activityType = activityType
        self.name = name
        self.startTimeMs = startTimeMs
        self.endTimeMs = endTimeMs
        self.durationSeconds = durationSeconds
        self.activeEnergyKcal = activeEnergyKcal
        self.distanceKm = distanceKm
        self.avgHeartRateBpm = avgHeartRateBpm
        self.maxHeartRateBpm = maxHeartRateBpm
        self.heartRate = heartRate
        self.route = route
        self.sourceName = sourceName
        self.sourceBundleId = sourceBundleId
        self.device = device
        self.timezone = timezone
        self.metadata = metadata
    }

    /// The local date of the start in the workout's own zone: the day it belongs to.
    public func day(clock: ZoneClock = .shared) -> DayKey { clock.dayKey(atMs: startTimeMs, zone: timezone) }
}
