import HTTPTransport
import HealthStore
import JSON
import Notifications

/// `GET /health/changes`: the changes feed, read from a cursor. The entries are the
/// store's (appended in the transactions of the changes, and by the server's watcher);
/// each is rendered exactly as a webhook delivers it.
enum ChangesRoutes {
    static let gone = HTTPStatus(code: 410, reasonPhrase: "Gone")
    static let defaultLimit: Int64 = 100
    static let maxLimit: Int64 = 1_000

    static func routes() -> [Route] {
        let error = Schemas.ref("Error")
        let etag = ["ETag": "Names the feed's newest position: unchanged while nothing is appended."]
        return [
            Route(.get, "/health/changes", scope: .read,
                  operation: Operation(
                    id: "listChanges", summary: "What changed after a cursor: days, nights, workouts, write intents, sources, readiness",
                    description: """
                    The changes feed, oldest first: `day.changed` (a day's aggregates were recomputed: the day and its \
                    metrics), `day.settled` and `night.settled` (the day status turned settled), `workout.changed`, \
                    `intent.status` and `intent.dead`, `source.silent` (a source that synced daily sent nothing for 24 h) \
                    and `source.back`, `readiness.ready` (last night settled and readiness is scored). Each entry is what \
                    a webhook delivers: `id` (the `webhook-id`), `type`, `cursor`, `occurredAt`, a `subject` naming what \
                    changed and, with `include=values`, the `values`. Start without `since` (the answer is the current \
                    cursor and no entries), then pass `next` as `since`; `hasMore` says another page follows at once. \
                    Entries are kept 90 days: an older cursor is a 410 naming the `oldest` valid one. `If-None-Match` with \
                    the last `ETag` answers 304 while nothing was appended.
                    """,
                    tags: ["changes"],
                    parameters: [
                        .init("since", in: .query, description: "The `next` of the previous answer, unchanged (an opaque cursor). Without it: the current cursor, no entries.",
                              schema: CursorText.schema),
                        .init("limit", in: .query, description: "Entries per answer, 1–\(maxLimit) (default \(defaultLimit)).",
                              schema: ["type": "integer", "minimum": 1, "maximum": .number(Double(maxLimit)), "default": .number(Double(defaultLimit))]),
                        .init("include", in: .query, description: "`values`: add each entry's values (health values are left out otherwise).",
                              schema: ["type": "string", "enum": ["values"]]),
                        .init("If-None-Match", in: .header, description: "The `ETag` of an earlier answer: 304 while the feed has nothing newer.",
                              schema: ["type": "string"]),
                    ],
                    responses: [
                        200: Operation.Response("The entries after `since` and the cursor to go on from.", schema: Schemas.ref("Changes"), headers: etag),
                        304: Operation.Response("Nothing was appended since the answer `If-None-Match` names.", headers: etag),
                        400: Operation.Response("A malformed `since`, `limit` or `include`, or an unknown query parameter.", schema: error),
                        410: Operation.Response("`since` is older than the feed keeps (`CURSOR_EXPIRED`); `details.oldest` is the oldest valid cursor.", schema: error),
                        422: Operation.Response("`since` is well-formed but not a cursor this feed issued.", schema: error),
                    ])) { context in
                let query = context.query
                try query.rejectUnknown(allowed: ["since", "limit", "include"])
                let limit = Int(try query.int("limit", in: 1...maxLimit) ?? defaultLimit)
                var includeValues = false
                if let include = try query.string("include") {
                    guard include == "values" else {
                        throw APIError.invalidParameter("include", "'include' may only be 'values' (got '\(include.prefix(40))')", rule: "enum")
                    }
                    includeValues = true
                }
                let after = try query.string("since").map(ChangeCursor.position)
                let page = try await context.services.store.changes(after: after, limit: limit)
                // Checked against the bounds of the snapshot the page was read from.
                if let after { try ChangeCursor.check(after, within: page.bounds) }
                return answer(page, after: after, includeValues: includeValues, request: context.request)
            },
        ]
    }

    /// The page, or 304 when `If-None-Match` names the feed's current head.
    static func answer(_ page: ChangeFeed.Page, after: Int64?, includeValues: Bool, request: HTTPRequest) -> HTTPResponse {
        let etag = "\"changes-\(page.bounds.head)\""
        var response: HTTPResponse
        if let presented = request.headers[HTTPHeaderName("if-none-match")], DashboardRoutes.matches(presented, etag) {
            response = HTTPResponse(status: .notModified)
        } else {
            let next = page.entries.last?.position ?? after ?? page.bounds.head
            response = .json([
                "changes": .array(page.entries.compactMap { ChangeEvent(entry: $0)?.json(includeValues: includeValues) }),
                "next": .string(ChangeCursor.text(next)),
                "hasMore": .bool(page.hasMore),
                "oldest": .string(ChangeCursor.text(page.bounds.oldest)),
            ])
        }
        response.headers.replaceOrAdd(name: HTTPHeaderName("etag"), value: etag)
        return response
    }
}
