/// One day's activity rings as a wire format describes them, before any rule: the shape
/// every adapter maps its payload into. ``ActivitySummaryRules`` turns a draft into a
/// stored ``ActivitySummary`` or names what is wrong under the draft's ``FieldNames``.
///
/// As in ``SampleDraft``, a member is nil when the wire value was absent or of the
/// wrong type; an adapter records the latter in ``issues``.
public struct ActivitySummaryDraft: Sendable, Equatable {
    /// The wire names of the members, so an issue names the field the client sent.
    public struct FieldNames: Sendable, Equatable {
        /// The local date.
        public var day = "day"
        /// The unit of the move ring.
        public var moveUnit = "moveUnit"
        /// The move ring and its goal.
        public var moveKcal = "moveKcal", moveGoalKcal = "moveGoalKcal"
        /// The exercise ring and its goal.
        public var exerciseMinutes = "exerciseMinutes", exerciseGoalMinutes = "exerciseGoalMinutes"
        /// The stand ring and its goal.
        public var standHours = "standHours", standGoalHours = "standGoalHours"
        /// Who reported the rings.
        public var sourceName = "sourceName"

        /// The names of `/health/ingest`'s `activitySummaries[]`.
        public static let native = FieldNames()

        /// The native names; an adapter changes those its wire spells otherwise.
        public init() {}

        /// The ring members in the order issues are reported.
        var rings: [String] { [moveKcal, moveGoalKcal, exerciseMinutes, exerciseGoalMinutes, standHours, standGoalHours] }

        /// Fields in the order issues are reported.
        var ordered: [String] { [day, moveUnit] + rings + [sourceName] }
    }

    /// The local date as sent, `YYYY-MM-DD`.
    public var day: String?
    /// The unit of ``moveKcal`` and ``moveGoalKcal`` as sent (kcal when nil).
    public var moveUnit: String?
    /// Active energy burned (the Move ring) and its goal, in ``moveUnit``.
    public var moveKcal: Double?, moveGoalKcal: Double?
    /// Exercise minutes and their goal.
    public var exerciseMinutes: Double?, exerciseGoalMinutes: Double?
    /// Hours with a stand and their goal.
    public var standHours: Double?, standGoalHours: Double?
    /// Who reported the rings ("Apple Watch").
    public var sourceName: String?
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
