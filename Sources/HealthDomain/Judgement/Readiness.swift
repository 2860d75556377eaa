/// How ready the body looks on a day (the morning after a night), from HRV, resting
/// heart rate and last night's sleep, each judged against its personal baseline.
///
/// `score = clamp(round(70 + 15 × Σ wᵢzᵢ / Σ wᵢ), 0, 100)` over the components present
/// (weights 0.40 / 0.25 / 0.35, z clamped to ±3, the sleep z capped at +1, rounding half
/// away from zero). With fewer than two components the score is `unknown` and
/// ``missing`` names what is missing.
public struct Readiness: Sendable, Equatable {
    /// Whether a score could be given.
    public enum Status: String, Sendable, CaseIterable {
        /// Two or more components were present.
        case scored
        /// Fewer than two components; no score.
        case unknown
    }

    /// The score with all z at zero.
    public static let base = 70.0
    /// Points per unit of weighted z.
    public static let pointsPerZ = 15.0
    /// The clamp applied to every z.
    public static let zLimit = 3.0
    /// Components a score needs.
    public static let minimumComponents = 2

    /// The day scored (the morning after the night keyed by it).
    public var day: DayKey
    /// `scored` or `unknown`.
    public var status: Status
    /// The score, 0–100; nil when unknown.
    public var score: Int?
    /// The score's band; nil when unknown.
    public var band: ReadinessBand?
    /// `70 + 15 × weightedZ` before rounding and clamping; nil when unknown.
    public var rawScore: Double?
    /// `Σ wᵢzᵢ` over the re-normalised weights; nil when unknown.
    public var weightedZ: Double?
    /// The components used, in the order HRV, resting heart rate, sleep.
    public var components: [ReadinessComponent]
    /// The inputs left out, in the same order.
    public var missing: [ReadinessMissingInput]
    /// `provisional` when any value used may still change.
    public var dayStatus: DayStatus
    /// Whether last night may still change; nil when there is no night.
    public var lastNight: DayStatus?

    /// A readiness with explicit values.
    public init(day: DayKey, status: Status, score: Int?, band: ReadinessBand?, rawScore: Double?, weightedZ: Double?,
                components: [ReadinessComponent], missing: [ReadinessMissingInput], dayStatus: DayStatus, lastNight: DayStatus?) {
        self.day = day
        self.status = status
        self.score = score
        self.band = band
        self.rawScore = rawScore
        self.weightedZ = weightedZ
        self.components = components
        self.missing = missing
        self.dayStatus = dayStatus
        self.lastNight = lastNight
    }
}
