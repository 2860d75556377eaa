/// One input of a readiness score with its arithmetic: the day's value, its baseline,
/// the z as computed and as used, the weight after re-normalising over the components
/// present, and the points it adds to the base of 70.
public struct ReadinessComponent: Sendable, Equatable {
    /// The three inputs of readiness.
    public enum Name: String, Sendable, CaseIterable {
        /// The day's average HRV; higher is better.
        case hrv
        /// The day's average resting heart rate; lower is better, so its z is negated.
        case restingHeartRate = "resting_heart_rate"
        /// Last night's asleep minutes (the night keyed by the day); its z is capped at +1
        /// so that oversleeping does not raise readiness.
        case asleep

        /// The weight before re-normalising: 0.40, 0.25, 0.35.
        public var nominalWeight: Double {
            switch self {
            case .hrv: 0.40
            case .restingHeartRate: 0.25
            case .asleep: 0.35
            }
        }

        /// Whether a lower value is the better one (the z is negated).
        public var negated: Bool { self == .restingHeartRate }

        /// The largest z used, after clamping; nil when only the clamp applies.
        public var cap: Double? { self == .asleep ? 1 : nil }
    }

    /// Which input.
    public var name: Name
    /// The metric it reads.
    public var metric: Metric
    /// The day's value (asleep minutes for the night).
    public var value: Double
    /// Whether the value may still change.
    public var status: DayStatus
    /// The baseline the value is judged against (available, with a positive spread).
    public var baseline: Baseline
    /// `(value − centre) / spread`, as computed.
    public var z: Double
    /// The z after negating (resting heart rate), clamping to ±3 and capping (sleep at +1).
    public var zUsed: Double
    /// Whether the clamp to ±3 changed the z.
    public var clamped: Bool
    /// Whether the cap changed the z.
    public var capped: Bool
    /// The weight before re-normalising.
    public var nominalWeight: Double
    /// The weight after re-normalising over the components present (they sum to 1).
    public var weight: Double
    /// `15 × weight × zUsed`: what the component adds to (or takes from) the base of 70.
    public var points: Double

    /// A component with explicit values.
    public init(name: Name, metric: Metric, value: Double, status: DayStatus, baseline: Baseline, z: Double, zUsed: Double,
                clamped: Bool, capped: Bool, nominalWeight: Double, weight: Double, points: Double) {
        self.name = name
        self.metric = metric
        self.value = value
        self.status = status
        self.baseline = baseline
        self.z = z
        self.zUsed = zUsed
        self.clamped = clamped
        self.capped = capped
        self.nominalWeight = nominalWeight
        self.weight = weight
        self.points = points
    }

    /// The baseline's median.
    public var centre: Double { baseline.centre ?? 0 }
    /// The baseline's spread.
    public var spread: Double { baseline.spread ?? 0 }
}
