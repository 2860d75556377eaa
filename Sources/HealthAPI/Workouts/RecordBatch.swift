import HealthDomain
import JSON
import HealthStore

/// The `workouts` and `activitySummaries` arrays of one `POST /health/ingest` body:
/// shape checks (400), the per-request limits (413), then each element through its
/// rules, with every problem answered as an `errors` entry whose `field` names the
/// array, the index and the member (`workouts[2].distance`).
struct RecordBatch {
    var workouts: [JSONValue]
    var activitySummaries: [JSONValue]

    /// Elements in both arrays.
    var received: Int { workouts.count + activitySummaries.count }

    /// The arrays of `root`, each absent array empty.
    static func read(_ root: [String: JSONValue]) throws -> RecordBatch {
        let workouts = try array(root, "workouts", noun: "workout", limit: Limits.workoutsPerIngest)
        let summaries = try array(root, "activitySummaries", noun: "activity summary", limit: Limits.activitySummariesPerIngest)
        return RecordBatch(workouts: workouts, activitySummaries: summaries)
    }

    static func array(_ root: [String: JSONValue], _ name: String, noun: String, limit: Int) throws -> [JSONValue] {
        switch root[name] {
        case nil: return []
        case .array(let items)?:
            if let index = items.firstIndex(where: { $0.objectValue == nil }) {
                throw APIError.invalidParameter("\(name)[\(index)]", "each \(noun) must be a JSON object (got \(items[index].typeName) at index \(index))", rule: "type")
            }
            guard items.count <= limit else {
                throw APIError.payloadTooLarge("at most \(limit) \(name) per request (got \(items.count)); split the batch", limit: limit)
            }
            return items
        case let other?:
            throw APIError.invalidParameter(name, "'\(name)' must be an array (got \(other.typeName))", rule: "type")
        }
    }

    /// What passed the rules, and an `errors` entry per issue of what did not.
    struct Checked {
        var workouts: [Workout] = []
        var activitySummaries: [ActivitySummary] = []
        var errors: [JSONValue] = []
        var rejectedWorkouts = 0
        var rejectedSummaries = 0

        var rejected: Int { rejectedWorkouts + rejectedSummaries }
        /// Whether no workout and no activity summary passed.
        var isEmpty: Bool { workouts.isEmpty && activitySummaries.isEmpty }

        /// Adds the counts of this batch and of what the store did to the response body.
        func describe(_ outcome: RecordOutcome, in body: inout JSONValue) {
            guard case .object(var members) = body else { return }
            members["workoutsInserted"] = JSONValue(outcome.workoutsInserted)
            members["workoutsUpdated"] = JSONValue(outcome.workoutsUpdated)
            members["workoutsUnchanged"] = JSONValue(outcome.workoutsUnchanged)
            members["workoutsRejected"] = JSONValue(rejectedWorkouts)
            members["activitySummariesUpserted"] = JSONValue(outcome.activitySummariesUpserted)
            members["activitySummariesUnchanged"] = JSONValue(outcome.activitySummariesUnchanged)
            members["activitySummariesRejected"] = JSONValue(rejectedSummaries)
            body = .object(members)
        }
    }

    func validate() -> Checked {
        var checked = Checked()
        let workoutRules = WorkoutRules()
        for (index, element) in workouts.enumerated() {
            switch workoutRules.validate(element) {
            case .valid(let workout): checked.workouts.append(workout)
            case .invalid(let issues):
                checked.rejectedWorkouts += 1
                let key: JSONValue = element["workoutKey"]?.stringValue.map { .string(String($0.prefix(256))) } ?? .null
                for issue in issues { checked.errors.append(Self.entry("workouts", index, issue, ["workoutKey": key])) }
            }
        }
        let summaryRules = ActivitySummaryRules()
        for (index, element) in activitySummaries.enumerated() {
            switch summaryRules.validate(element) {
            case .valid(let summary): checked.activitySummaries.append(summary)
            case .invalid(let issues):
                checked.rejectedSummaries += 1
                let day: JSONValue = (element["day"] ?? element["date"])?.stringValue.map { .string(String($0.prefix(40))) } ?? .null
                for issue in issues { checked.errors.append(Self.entry("activitySummaries", index, issue, ["day": day])) }
            }
        }
        return checked
    }

    static func entry(_ array: String, _ index: Int, _ issue: ValidationIssue, _ extra: [String: JSONValue]) -> JSONValue {
        var members = extra
        members["index"] = JSONValue(index)
        members["field"] = .string("\(array)[\(index)].\(issue.field)")
        members["code"] = .string(issue.code)
        members["message"] = .string(issue.message)
        return .object(members)
    }
}
