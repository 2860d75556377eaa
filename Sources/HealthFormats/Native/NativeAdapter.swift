import HealthDomain
import JSON

/// The adapter of the native wire shape (`/health/ingest`'s `samples[]`, `workouts[]` and
/// `activitySummaries[]`): reads each element's members into a draft — checking only
/// JSON types — for the rules every format shares. Unknown members are ignored.
public enum NativeAdapter {
    /// The draft of one `samples[]` element; wrong types are recorded in its issues.
    public static func sample(_ element: JSONValue) -> SampleDraft {
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

    /// The element of `samples[index]`: a sample, or — marked `"aggregation": "day_total"`
    /// — a total HealthKit's statistics computed for a day, with an optional `localDate`.
    public static func sampleElement(_ element: JSONValue, index: Int) -> IngestElement {
        let path = "samples[\(index)]"
        guard element["aggregation"]?.stringValue == "day_total" else {
            return IngestElement(.sample(sample(element)), index: index, path: path)
        }
        var draft = sample(element)
        var localDate: DayKey?
        if let value = element["localDate"], !value.isNull {
            if let text = value.stringValue, let day = DayKey(text) {
                localDate = day
            } else {
                draft.issues.append(ValidationIssue(field: "localDate", code: "format", message: "localDate must be a date YYYY-MM-DD"))
            }
        }
        return IngestElement(.dayTotal(draft, localDate: localDate), index: index, path: path)
    }

    /// The element of `workouts[index]`.
    public static func workoutElement(_ element: JSONValue, index: Int) -> IngestElement {
        IngestElement(.workout(workout(element)), index: index, path: "workouts[\(index)]")
    }

    /// The element of `activitySummaries[index]`.
    public static func activitySummaryElement(_ element: JSONValue, index: Int) -> IngestElement {
        IngestElement(.activitySummary(activitySummary(element)), index: index, path: "activitySummaries[\(index)]")
    }
}

extension NativeAdapter {
    /// Reads and validates one `samples[]` element against `rules`.
    public static func validate(_ element: JSONValue, rules: SampleRules = SampleRules()) -> SampleValidation {
        rules.validate(sample(element))
    }
}
