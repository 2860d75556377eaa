import JSON

/// What ``HealthAutoExportAdapter`` made of one Health Auto Export body: sample drafts
/// for ``SampleRules``, workouts in the native `workouts[]` shape for ``WorkoutRules``,
/// and the problems of items that could not even become a draft (a date that does not
/// parse, a metric entry without a `data` array). Every entry names the wire path of the
/// item it came from (`data.metrics[2].data[14]`), so an error points at the element.
public struct HealthAutoExportPayload: Sendable {
    /// One sample draft and the wire element it came from.
    public struct Item: Sendable {
        /// Path of the wire element (`data.metrics[0].data[3]`).
        public var path: String
        /// Path of the metric entry, for issues about its `name` or `units`.
        public var entryPath: String
        /// The draft, named with HAE's field names.
        public var draft: SampleDraft
    }

    /// One workout translated into the native workout element, and where it came from.
    public struct WorkoutItem: Sendable {
        /// Path of the wire element (`data.workouts[1]`).
        public var path: String
        /// The native `workouts[]` element for ``WorkoutRules``.
        public var element: JSONValue
        /// HAE's name of each native member, so an issue names the field HAE sent.
        public var wireNames: [String: String]
    }

    /// Sample drafts in wire order.
    public var items: [Item] = []
    /// Workouts in wire order.
    public var workouts: [WorkoutItem] = []
    /// Problems of elements that became no draft; each `field` is a full wire path.
    public var problems: [ValidationIssue] = []
    /// Wire elements read: points, segments, nights, other entries and workouts.
    public var elements = 0

    /// An empty payload.
    public init() {}
}

/// Adapters return `Result<_, ValidationIssue>` for an element that cannot become a
/// draft at all; the issue is data for the response, never thrown.
extension ValidationIssue: Error {}
