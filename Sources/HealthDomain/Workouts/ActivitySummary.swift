/// One day's activity rings (`HKActivitySummary`): move energy, exercise minutes and
/// stand hours, each with its goal. One record per local day; a re-send replaces it.
public struct ActivitySummary: Sendable, Equatable {
    /// The local date the rings belong to.
    public var day: DayKey
    /// Active energy burned (the Move ring), kcal.
    public var moveKcal: Double?
    /// The Move goal, kcal.
    public var moveGoalKcal: Double?
    /// Exercise minutes (the Exercise ring).
    public var exerciseMinutes: Double?
    /// The Exercise goal, minutes.
    public var exerciseGoalMinutes: Double?
    /// Hours with a stand (the Stand ring).
    public var standHours: Double?
    /// The Stand goal, hours.
    public var standGoalHours: Double?
    /// Who reported the rings ("Apple Watch"), when the client says.
    public var sourceName: String?

    /// A day's rings.
    public init(day: DayKey, moveKcal: Double? = nil, moveGoalKcal: Double? = nil, exerciseMinutes: Double? = nil,
                exerciseGoalMinutes: Double? = nil, standHours: Double? = nil, standGoalHours: Double? = nil, sourceName: String? = nil) {
        self.day = day
        self.moveKcal = moveKcal
        self.moveGoalKcal = moveGoalKcal
        self.exerciseMinutes = exerciseMinutes
        self.exerciseGoalMinutes = exerciseGoalMinutes
        self.standHours = standHours
        self.standGoalHours = standGoalHours
        self.sourceName = sourceName
    }
}
