import HealthDomain

/// What one element of an Apple Health `export.xml` becomes, handed to the importer as
/// soon as the element is complete.
public enum AppleHealthExportItem: Sendable {
    /// A top-level `Record` as a sample draft; `type` is the HealthKit identifier written
    /// in the file, for per-type counts.
    case sample(SampleDraft, type: String)
    /// A `Record` inside a `Correlation`: the export lists every such record at the top
    /// level as well, so this copy is the same sample again, never a second entry.
    case correlationMember(SampleDraft, type: String)
    /// A `Workout` as a draft, with the route it references.
    case workout(AppleHealthExportWorkout)
    /// An `ActivitySummary` as a draft.
    case activitySummary(ActivitySummaryDraft)
    /// The `Me` element's characteristics (date of birth, biological sex, blood type, …).
    case profile([String: String])
    /// A `Correlation` ended; its member records were already handed out as samples.
    case correlation(type: String)
    /// An element the file holds that maps to nothing (counted, not stored): `ClinicalRecord`, `Audiogram`, …
    case skipped(element: String)
}

/// One `Workout`: the draft ``WorkoutRules`` checks, and where its route is.
public struct AppleHealthExportWorkout: Sendable {
    /// The workout, its route not yet read.
    public var draft: WorkoutDraft
    /// The GPX file a `WorkoutRoute` names by `FileReference`, relative to the export
    /// folder with any leading `/` removed (`workout-routes/route_2026-04-10_7.00am.gpx`).
    public var routeFile: String?
    /// The route's points when written inline as `Location` elements (before iOS 13).
    public var inlineRoute: [WorkoutDraft.RoutePoint]

    /// A workout with explicit parts.
    public init(draft: WorkoutDraft, routeFile: String?, inlineRoute: [WorkoutDraft.RoutePoint]) {
        self.draft = draft
        self.routeFile = routeFile
        self.inlineRoute = inlineRoute
    }
}
