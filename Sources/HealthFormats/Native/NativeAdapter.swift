import JSON

/// The adapter of the native wire shape (`/health/ingest`'s `samples[]`): reads one
/// element's members into a ``SampleDraft`` — checking only JSON types — and hands it to
/// ``SampleRules``. Unknown members are ignored.
public enum SampleValidator {
    /// The draft of one element; wrong types are recorded in its issues.
    public static func draft(_ element: JSONValue) -> SampleDraft {
        guard case .object(let members) = element else {
            return SampleDraft(issues: [
                ValidationIssue(field: "sample", code: "type", message: "each sample must be an object (got \(element.typeName))")
            ])
        }
        var fields = FieldReader(members: members)
        var draft = SampleDraft()
        draft.sampleKey = fields.string("sampleKey", required: true)
        draft.metricName = fields.string("metric", required: true)
        draft.startTimeMs = fields.time("startTimeMs")
        draft.endTimeMs = fields.time("endTimeMs")
        draft.value = fields.number("valueNumber")
        draft.categoryValue = fields.string("categoryValue", required: false)
        draft.unit = fields.string("unit", required: true)
        draft.sourceName = fields.string("sourceName", required: false)
        draft.sourceBundleId = fields.string("sourceBundleId", required: false)
        draft.device = fields.string("device", required: false)
        draft.timezone = fields.string("timezone", required: true)
        draft.syncIdentifier = fields.string("syncIdentifier", required: false)
        draft.metadata = fields.any("metadata")
        draft.issues = fields.issues
        return draft
    }

    /// Reads and validates one element against `rules`.
    public static func validate(_ element: JSONValue, rules: SampleRules = SampleRules()) -> SampleValidation {
        rules.validate(draft(element))
    }
}
