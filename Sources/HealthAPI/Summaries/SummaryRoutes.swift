import Foundation
import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// `GET /health/summary/{daily,range,yesterday}` and `POST /health/query`. The GET
/// routes are the same intents spelled as query parameters: they are parsed by the same
/// code, so their answers and their 400s are identical to the POST form.
enum SummaryRoutes {
    static let timezoneParameter = Operation.Parameter("timezone", in: .query, description: IntentSpec.timezoneField.description,
                                                       schema: IntentSpec.schema(for: .timezone, description: "IANA timezone."))
    static let badRequest = Operation.Response("A missing, unknown or malformed parameter or field, or a rule the schema cannot state — from after to (INVALID_DATE_RANGE), a range longer than the intent allows, a timezone the server does not know; `details.field` and `details.rule` say which, the message what is allowed.", schema: Schemas.ref("Error"))

    static func routes() -> [Route] {
        [
            Route(.get, "/health/summary/daily", scope: .read, operation: Operation(
                id: "getDailySummary", summary: "One day, in numbers and one sentence",
                description: "Every canonical metric of the local date `day` with its unit (or `status: no_data` — never 0), a 28-day baseline, queued entries shown separately, provenance (asOf, sources, de-duplication rule, coverage) and a quotable `text`. Same as POST /health/query with intent `daily_summary`.",
                tags: ["summaries"],
                parameters: [.init("day", in: .query, required: true, description: "The local date, YYYY-MM-DD.", schema: IntentSpec.schema(for: .date, description: "Local date.")), timezoneParameter],
                responses: [200: Operation.Response("The day.", schema: Schemas.ref("DailySummary")), 400: badRequest])) { context in
                try await answer(context, intent: "daily_summary", parameters: ["day", "timezone"])
            },
            Route(.get, "/health/summary/range", scope: .read, operation: Operation(
                id: "getRangeSummary", summary: "A range of at most 366 days, in numbers and one sentence",
                description: "Per metric: total or average, min/max days, trend, coverage, and the change against the previous range of the same length; plus provenance and a quotable `text`. Stays under 8 KiB for 366 days; per-day detail comes from the `metric_series` intent. Same as POST /health/query with intent `range_summary`.",
                tags: ["summaries"],
                parameters: [.init("from", in: .query, required: true, description: "First local date, YYYY-MM-DD.", schema: IntentSpec.schema(for: .date, description: "Local date.")),
                             .init("to", in: .query, required: true, description: "Last local date (inclusive), YYYY-MM-DD; at most 366 days after from.", schema: IntentSpec.schema(for: .date, description: "Local date.")),
                             timezoneParameter],
                responses: [200: Operation.Response("The range.", schema: Schemas.ref("RangeSummary")), 400: badRequest])) { context in
                try await answer(context, intent: "range_summary", parameters: ["from", "to", "timezone"])
            },
            Route(.get, "/health/summary/yesterday", scope: .read, operation: Operation(
                id: "getYesterdaySummary", summary: "Yesterday in the given timezone",
                description: "The daily summary of the day before today, where 'today' is the local date in `timezone` (default: the server's, else the most recent sample's, else UTC). Same as POST /health/query with intent `yesterday_summary`.",
                tags: ["summaries"],
                parameters: [timezoneParameter],
                responses: [200: Operation.Response("Yesterday.", schema: Schemas.ref("DailySummary")), 400: badRequest])) { context in
                try await answer(context, intent: "yesterday_summary", parameters: ["timezone"])
            },
            Route(.post, "/health/query", scope: .read, operation: Operation(
                id: "query", summary: "Typed questions for agents",
                description: "A body `{\"intent\": …, …}`; the intents and their fields are in the request schema (`oneOf`, discriminated by `intent`) and in GET /health/capabilities. A wrong body gets a 400 naming the field, the rule, and every intent with its fields.",
                tags: ["summaries"],
                requestBody: Operation.Body(description: "One query intent.", schema: Schemas.ref("QueryRequest"), example: IntentSpec.all[0].example),
                responses: [200: Operation.Response("The answer; its shape depends on the intent (`kind` names it).", schema: Schemas.ref("QueryResponse")), 400: badRequest])) { context in
                let request = try QueryRequest.parse(try context.jsonBody(), catalog: context.services.catalog)
                return .json(try await QueryRunner(services: context.services).run(request))
            },
        ]
    }

    /// Turns query parameters into the intent body and answers it.
    static func answer(_ context: RequestContext, intent: String, parameters: [String]) async throws -> HTTPResponse {
        let query = context.query
        try query.rejectUnknown(allowed: Set(parameters))
        var body: [String: JSONValue] = ["intent": .string(intent)]
        for name in parameters { if let value = try query.string(name) { body[name] = .string(value) } }
        let parsed: QueryIntent
        do {
            parsed = try QueryIntent.parse(.object(body), catalog: context.services.catalog)
        } catch var error as APIError {
            // The body form's wording names intents; for the GET form, point at query parameters.
            error.message = error.message.replacingOccurrences(of: "field '", with: "query parameter '")
            throw error
        }
        return .json(try await QueryRunner(services: context.services).run(parsed))
    }
}
