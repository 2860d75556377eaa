/// One element of a request as an adapter hands it over, before any rule: a draft of one
/// of the kinds the store keeps, or an element the adapter could not even draft (not an
/// object, an unreadable date). Every ingest path — native, HealthSave, Health Auto
/// Export, observations, the export importer — feeds these to one pipeline.
public struct IngestElement: Sendable {
    /// What the element is.
    public enum Value: Sendable {
        /// A sample for ``SampleRules``.
        case sample(SampleDraft)
        /// A day's total HealthKit's statistics computed, for ``SampleRules/dayTotal(_:localDate:clock:)``.
        case dayTotal(SampleDraft, localDate: DayKey?)
        /// A workout for ``WorkoutRules``.
        case workout(WorkoutDraft)
        /// A day's rings for ``ActivitySummaryRules``.
        case activitySummary(ActivitySummaryDraft)
        /// An element of `kind` that became no draft; the issues say why.
        case invalid(Kind, [ValidationIssue])
    }

    /// The kind of record an element stands for.
    public enum Kind: Sendable, Equatable {
        /// A sample or a day total.
        case sample
        /// A workout.
        case workout
        /// A day's activity rings.
        case activitySummary
    }

    /// The element.
    public var value: Value
    /// Its position in the wire array it came from (`samples[3]` is 3).
    public var index: Int
    /// Its wire path (`samples[3]`, `data.metrics[2].data[5]`): an issue's field is
    /// written under it. Elements that share one wire element (the two sides of a blood
    /// pressure reading) share its path and are rejected once.
    public var path: String
    /// Wire paths of members written outside the element, by wire field name (Health
    /// Auto Export writes a metric's `name` and `units` once on the metric entry).
    public var outerPaths: [String: String]

    /// An element at `index` of the wire array, under `path`.
    public init(_ value: Value, index: Int, path: String, outerPaths: [String: String] = [:]) {
        self.value = value
        self.index = index
        self.path = path
        self.outerPaths = outerPaths
    }

    /// The kind of record the element stands for.
    public var kind: Kind {
        switch value {
        case .sample, .dayTotal: .sample
        case .workout: .workout
        case .activitySummary: .activitySummary
        case .invalid(let kind, _): kind
        }
    }

    /// The element's identity as sent, for error entries: the sample's or workout's key,
    /// the rings' day.
    public var sentKey: String? {
        switch value {
        case .sample(let draft), .dayTotal(let draft, _): draft.sampleKey
        case .workout(let draft): draft.workoutKey
        case .activitySummary(let draft): draft.day
        case .invalid: nil
        }
    }

    /// The metric name as sent, for error entries of samples.
    public var sentMetric: String? {
        switch value {
        case .sample(let draft), .dayTotal(let draft, _): draft.metricName
        default: nil
        }
    }
}
