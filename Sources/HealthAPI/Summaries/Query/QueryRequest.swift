import HealthDomain
import JSON

/// A `POST /health/query` body: the intent and how much of the answer to give.
struct QueryRequest: Sendable, Equatable {
    var intent: QueryIntent
    var detail: AnswerDetail

    /// Parses a body: the intent and its fields (``QueryIntent/parse(_:catalog:)``), then `detail`.
    static func parse(_ body: JSONValue, catalog: MetricCatalog = .standard) throws -> QueryRequest {
        let intent = try QueryIntent.parse(body, catalog: catalog)
        // The intent parsed, so the body is an object naming a known intent.
        guard case .object(let object) = body, let name = object["intent"]?.stringValue, let spec = IntentSpec.named(name) else {
            return QueryRequest(intent: intent, detail: .full)
        }
        return QueryRequest(intent: intent, detail: try IntentReader(spec: spec, object: object, catalog: catalog).detail())
    }
}
