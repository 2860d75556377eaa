import HealthDomain

/// What ``HealthAutoExportAdapter`` made of one Health Auto Export body: in wire order,
/// the sample drafts and workout drafts for the rules, and the elements that could not
/// even become a draft (a date that does not parse, a metric entry without a `data`
/// array). Every element names the wire path it came from (`data.metrics[2].data[14]`),
/// so an error points at it; a point that became two samples (a blood pressure reading)
/// or several (an aggregated sleep night) gives them one path.
public struct HealthAutoExportPayload: Sendable {
    /// The elements in wire order.
    public var elements: [IngestElement] = []
    /// Wire elements read: points, segments, nights, other entries and workouts.
    public var received = 0
    /// Sample drafts among ``elements``.
    public var samples = 0
    /// Workout drafts among ``elements``.
    public var workouts = 0

    /// An empty payload.
    public init() {}

    /// Adds a sample draft of the point at `path`; `entryPath` is where its metric's
    /// `name` and `units` are written.
    mutating func add(_ draft: SampleDraft, path: String, entryPath: String) {
        samples += 1
        elements.append(IngestElement(.sample(draft), index: received - 1, path: path, outerPaths: ["name": entryPath, "units": entryPath]))
    }

    /// Adds an element of `kind` at `path` that became no draft; `issue` names the field
    /// by its full wire path, as the adapter's messages do.
    mutating func reject(_ issue: ValidationIssue, kind: IngestElement.Kind = .sample, path: String) {
        var relative = issue
        if issue.field == path {
            relative.field = ""
        } else if issue.field.hasPrefix(path + ".") {
            relative.field = String(issue.field.dropFirst(path.count + 1))
        }
        elements.append(IngestElement(.invalid(kind, [relative]), index: received - 1, path: path))
    }
}
