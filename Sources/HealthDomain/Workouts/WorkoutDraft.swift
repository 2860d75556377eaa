import JSON

/// One workout as a wire format describes it, before any rule: the shape every adapter
/// (native ingest, HealthSave, Health Auto Export, the export importer) maps its
/// payload into. ``WorkoutRules`` turns a draft into a stored ``Workout`` or names what
/// is wrong, under the draft's ``FieldNames`` — the names the client sent.
///
/// As in ``SampleDraft``, a member is nil when the wire value was absent or of the
/// wrong type; an adapter records the latter in ``issues``, and the rules then do not
/// report the member again.
public struct WorkoutDraft: Sendable, Equatable {
    /// The wire names of the members, so an issue names the field the client sent.
    public struct FieldNames: Sendable, Equatable {
        /// The workout's own id.
        public var workoutKey = "workoutKey"
        /// The activity type.
        public var activityType = "activityType"
        /// The readable name.
        public var name = "name"
        /// The start instant.
        public var start = "startTimeMs"
        /// The end instant.
        public var end = "endTimeMs"
        /// The active time.
        public var duration = "durationSeconds"
        /// The active energy and its unit.
        public var activeEnergy = "activeEnergy", activeEnergyUnit = "activeEnergyUnit"
        /// The distance and its unit.
        public var distance = "distance", distanceUnit = "distanceUnit"
        /// The average and highest heart rate.
        public var avgHeartRate = "avgHeartRate", maxHeartRate = "maxHeartRate"
        /// The heart-rate timeline (points are named `<heartRate>[i].timeMs`, `….bpm`).
        public var heartRate = "heartRate"
        /// The route (points are named `<route>[i].latitude`, …).
        public var route = "route"
        /// The source's name and bundle id, the device.
        public var sourceName = "sourceName", sourceBundleId = "sourceBundleId", device = "device"
        /// The zone.
        public var timezone = "timezone"
        /// The other facts.
        public var metadata = "metadata"

        /// The names of `/health/ingest`'s `workouts[]`.
        public static let native = FieldNames()

        /// The native names; an adapter changes those its wire spells otherwise.
        public init() {}

        /// Fields in the order issues are reported.
        var ordered: [String] {
            [workoutKey, activityType, name, start, end, duration, activeEnergy, activeEnergyUnit, distance, distanceUnit,
             avgHeartRate, maxHeartRate, heartRate, route, sourceName, sourceBundleId, device, timezone, metadata]
        }
    }

    /// The activity type as sent: a name (an alias, a HealthKit identifier, digits) or a number.
    public enum ActivityType: Sendable, Equatable {
        /// A name, alias, HealthKit identifier or digits.
        case name(String)
        /// HealthKit's raw value.
        case number(Double)
    }

    /// One heart-rate reading as sent; nil members were absent or unreadable.
    public struct HeartRatePoint: Sendable, Equatable {
        /// The instant, Unix epoch milliseconds.
        public var timeMs: Int64?
        /// Beats per minute.
        public var bpm: Double?

        /// A reading with explicit values.
        public init(timeMs: Int64?, bpm: Double?) {
            self.timeMs = timeMs
            self.bpm = bpm
        }
    }

    /// One route point as sent; nil members were absent or unreadable.
    public struct RoutePoint: Sendable, Equatable {
        /// The instant, Unix epoch milliseconds.
        public var timeMs: Int64?
        /// Degrees north and east.
        public var latitude: Double?, longitude: Double?
        /// Metres above sea level.
        public var altitude: Double?

        /// A point with explicit values.
        public init(timeMs: Int64?, latitude: Double?, longitude: Double?, altitude: Double? = nil) {
            self.timeMs = timeMs
            self.latitude = latitude
            self.longitude = longitude
            self.altitude = altitude
        }
    }

    /// The identity the wire sent (a HealthKit uuid, a client's id); nil derives one.
    public var workoutKey: String?
    /// The activity type as sent.
    public var activityType: ActivityType?
    /// A readable name ("Outdoor Run"); nil takes the type's.
    public var name: String?
    /// Start instant, Unix epoch milliseconds.
    public var startTimeMs: Int64?
    /// End instant, Unix epoch milliseconds.
    public var endTimeMs: Int64?
    /// Active time in seconds; nil takes end − start.
    public var durationSeconds: Double?
    /// Active energy in ``activeEnergyUnit`` (kcal when nil).
    public var activeEnergy: Double?
    /// The unit of ``activeEnergy`` as sent.
    public var activeEnergyUnit: String?
    /// Distance in ``distanceUnit`` (km when nil).
    public var distance: Double?
    /// The unit of ``distance`` as sent.
    public var distanceUnit: String?
    /// Average heart rate, bpm.
    public var avgHeartRate: Double?
    /// Highest heart rate, bpm.
    public var maxHeartRate: Double?
    /// Heart-rate readings in wire order; nil when none were sent.
    public var heartRate: [HeartRatePoint]?
    /// Route points in wire order; nil when none were sent.
    public var route: [RoutePoint]?
    /// The recording source's name.
    public var sourceName: String?
    /// The recording source's bundle identifier.
    public var sourceBundleId: String?
    /// The device that recorded the workout.
    public var device: String?
    /// The IANA zone the workout was recorded in.
    public var timezone: String?
    /// Other wire facts worth keeping, as a JSON object.
    public var metadata: JSONValue?
    /// Wire-level problems the adapter found (a wrong type, an unreadable date).
    public var issues: [ValidationIssue]
    /// How the wire names each member.
    public var fields: FieldNames

    /// An empty draft named with `fields`.
    public init(issues: [ValidationIssue] = [], fields: FieldNames = .native) {
        self.issues = issues
        self.fields = fields
    }
}
