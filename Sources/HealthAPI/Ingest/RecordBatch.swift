import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// The `workouts` and `activitySummaries` arrays of one `POST /health/ingest` body:
/// shape checks (400) and the per-request limits (413); each element then goes through
/// the ingest pipeline, every problem named by array, index and member (`workouts[2].distance`).
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

    /// The elements of both arrays, workouts first, for the ingest pipeline.
    var elements: [IngestElement] {
        workouts.enumerated().map { NativeAdapter.workoutElement($1, index: $0) }
            + activitySummaries.enumerated().map { NativeAdapter.activitySummaryElement($1, index: $0) }
    }
}
