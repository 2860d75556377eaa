import HealthDomain
import JSON

/// The one way elements of a request become stored records: every ingest path (native
/// ingest, HealthSave, Health Auto Export, observations) and the export importer hand
/// their adapter's ``IngestElement``s to a pipeline, which checks each with the shared
/// rules — ``SampleRules`` with one ``SampleOccurrences`` per request, ``WorkoutRules``,
/// ``ActivitySummaryRules`` — keeps what passed for the store, collects one
/// ``IngestIssue`` per problem (at most ``maxIssues``), and counts.
struct IngestPipeline {
    /// Error entries one request reports at most (one import, in total). Counts stay
    /// exact beyond it; only the descriptions stop.
    static let maxIssues = 1_000

    /// One rejected element, kept whether or not its issues fit under ``maxIssues``.
    struct Rejection: Sendable, Equatable {
        var kind: IngestElement.Kind
        var index: Int
        var path: String
    }

    let rules: SampleRules
    let clock: ZoneClock
    private let workoutRules = WorkoutRules()
    private let ringRules = ActivitySummaryRules()
    /// Id-less samples at one instant (a meal's items) are entries of their own, told
    /// apart by their order in the request.
    private var occurrences: SampleOccurrences

    /// What passed, for the store.
    private(set) var samples: [Sample] = []
    private(set) var workouts: [Workout] = []
    private(set) var activitySummaries: [ActivitySummary] = []
    private(set) var dayTotals: [DayTotal] = []
    /// The zone each of ``dayTotals`` was sent in (HealthSave's receipt window spans its local date).
    private(set) var dayTotalZones: [String?] = []
    /// The problems found, in element order (the first ``maxIssues``).
    private(set) var issues: [IngestIssue] = []
    /// Every rejected element since the last ``takeValid()``.
    private(set) var rejections: [Rejection] = []
    /// Elements taken, accepted, and wire elements rejected (elements that share a wire
    /// element, as the sides of a blood pressure reading do, are rejected once).
    private(set) var received = 0, accepted = 0, rejected = 0
    /// Wire elements rejected per kind of record.
    private(set) var rejectedByKind: [IngestElement.Kind: Int] = [:]
    /// Sample elements (day totals included) taken, and per rule the rejected ones that
    /// broke it: what the server's metrics count.
    private(set) var receivedSamples = 0
    private(set) var rejectedSamplesByRule: [String: Int] = [:]
    /// Whether issues were left out for ``maxIssues``.
    private(set) var truncated = false

    /// A pipeline over `rules`; `clock` dates day totals, `occurrences` counts id-less
    /// samples (a whole request, or a memory-bounded stream for an export file).
    init(rules: SampleRules, clock: ZoneClock, occurrences: SampleOccurrences = SampleOccurrences()) {
        self.rules = rules
        self.clock = clock
        self.occurrences = occurrences
    }

    /// Checks `element`: keeps it when it passes (true), else records its issues.
    @discardableResult
    mutating func add(_ element: IngestElement) -> Bool {
        received += 1
        if element.kind == .sample { receivedSamples += 1 }
        let found: [ValidationIssue]
        switch element.value {
        case .sample(let draft):
            switch rules.validate(draft, occurrences: &occurrences) {
            case .valid(let sample): samples.append(sample); found = []
            case .invalid(let issues): found = issues
            }
        case .dayTotal(let draft, let localDate):
            let (total, issues) = rules.dayTotal(draft, localDate: localDate, clock: clock)
            if let total {
                dayTotals.append(total)
                dayTotalZones.append(draft.timezone)
            }
            found = issues
        case .workout(let draft):
            switch workoutRules.validate(draft) {
            case .valid(let workout): workouts.append(workout); found = []
            case .invalid(let issues): found = issues
            }
        case .activitySummary(let draft):
            switch ringRules.validate(draft) {
            case .valid(let summary): activitySummaries.append(summary); found = []
            case .invalid(let issues): found = issues
            }
        case .invalid(_, let issues):
            found = issues
        }
        guard !found.isEmpty else {
            accepted += 1
            return true
        }
        reject(element, found)
        return false
    }

    /// Takes every element of `elements` in order.
    mutating func add(contentsOf elements: some Sequence<IngestElement>) {
        for element in elements { add(element) }
    }

    private mutating func reject(_ element: IngestElement, _ found: [ValidationIssue]) {
        let rejection = Rejection(kind: element.kind, index: element.index, path: element.path)
        if rejections.last != rejection {
            rejected += 1
            rejectedByKind[element.kind, default: 0] += 1
            if element.kind == .sample {
                for rule in Set(found.map(\.code)) { rejectedSamplesByRule[rule, default: 0] += 1 }
            }
        }
        rejections.append(rejection)
        for issue in found {
            guard issues.count < Self.maxIssues else {
                truncated = true
                break
            }
            issues.append(IngestIssue(issue, of: element))
        }
    }

    /// Records a problem that cost part of `element` but did not reject it (an import's
    /// unreadable route file costs the route, not the workout).
    mutating func note(_ issue: ValidationIssue, of element: IngestElement) {
        guard issues.count < Self.maxIssues else {
            truncated = true
            return
        }
        issues.append(IngestIssue(issue, of: element))
    }

    /// Whether the request had elements (`received`, the path's own count of wire
    /// elements when it differs) and none passed: with no deletion beside them, every
    /// ingest path refuses it (422) and stores nothing.
    func nothingValid(deletions: Int = 0, received: Int? = nil) -> Bool {
        (received ?? self.received) > 0 && accepted == 0 && deletions == 0
    }

    /// The 422 of a request where ``nothingValid(deletions:received:)``: "none of the
    /// `what` is valid", with `received`, `rejected` and the issues in the path's entry
    /// shape under `details.errors`.
    func requireSomethingValid(deletions: Int = 0, what: String, received: Int? = nil,
                               entry: (IngestIssue) -> JSONValue) throws {
        guard nothingValid(deletions: deletions, received: received) else { return }
        throw APIError(status: .unprocessableContent, code: .validationFailed,
                       message: "none of the \(what) is valid; nothing was stored (see details.errors)",
                       details: ["received": JSONValue(received ?? self.received), "rejected": JSONValue(rejected),
                                 "errors": .array(issues.map(entry))])
    }

    /// The issues of the rejected element at `rejection`, among those kept.
    func issues(of rejection: Rejection) -> [IngestIssue] {
        issues.filter { $0.index == rejection.index && $0.elementPath == rejection.path && $0.kind == rejection.kind }
    }

    /// Hands over what passed since the last call and forgets it (and the rejections), so
    /// a long import stores batch by batch; counts and issues stay.
    mutating func takeValid() -> (samples: [Sample], workouts: [Workout], activitySummaries: [ActivitySummary], dayTotals: [DayTotal]) {
        defer {
            samples.removeAll(keepingCapacity: true)
            workouts.removeAll(keepingCapacity: true)
            activitySummaries.removeAll(keepingCapacity: true)
            dayTotals.removeAll(keepingCapacity: true)
            dayTotalZones.removeAll(keepingCapacity: true)
            rejections.removeAll(keepingCapacity: true)
        }
        return (samples, workouts, activitySummaries, dayTotals)
    }
}
