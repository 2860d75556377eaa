import HealthDomain
import JSON

/// One problem of one rejected element: the error entry every ingest path collects
/// (native ingest, HealthSave, Health Auto Export, observations, the export importer).
/// Each path writes it in the shape its client's contract fixes; the rule, the message
/// and the field they name are the same whichever path a malformed sample took.
struct IngestIssue: Sendable, Equatable {
    /// The kind of record the element stood for.
    var kind: IngestElement.Kind
    /// The element's position in its wire array (`samples[3]` is 3).
    var index: Int
    /// The element's wire path (`samples[3]`, `data.metrics[2].data[5]`; for the export, the record's type).
    var elementPath: String
    /// The member as the wire names it (`unit`, `qty`); empty when the element itself is wrong.
    var field: String
    /// The member's full wire path: `samples[3].unit`, `data.metrics[2].units` (a member
    /// written on the metric entry), or the element's path when ``field`` is empty.
    var path: String
    /// The rule broken (`required`, `type`, `range`, `unknown_value`, …).
    var rule: String
    /// A sentence naming the field and the rule, for the person fixing the client.
    var message: String
    /// The element's identity as sent: a sample's or workout's key (at most 256
    /// characters), the rings' day (at most 40); nil when none was sent.
    var key: String?
    /// The metric name as sent (at most 64 characters), for samples.
    var metric: String?

    /// The issue of `element` for one of its validation issues.
    init(_ issue: ValidationIssue, of element: IngestElement) {
        kind = element.kind
        index = element.index
        elementPath = element.path
        field = issue.field
        let base = element.outerPaths[issue.field] ?? element.path
        path = issue.field.isEmpty ? base : base.isEmpty ? issue.field : "\(base).\(issue.field)"
        rule = issue.code
        message = issue.message
        key = element.sentKey.map { String($0.prefix(element.kind == .activitySummary ? 40 : 256)) }
        metric = element.sentMetric.map { String($0.prefix(64)) }
    }
}
