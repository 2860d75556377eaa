import JSON
import Notifications

extension Schemas {
    /// The schemas `GET /health/changes` adds to `components/schemas`: the page and its entry,
    /// which is also the body of every webhook delivery.
    static var changesComponents: [String: JSONValue] {
        [
            "ChangeEntry": [
                "type": "object",
                "description": "One change, as the feed lists it and a webhook delivers it.",
                "required": ["id", "type", "cursor", "occurredAtMs", "occurredAt", "subject"],
                "properties": [
                    "id": ["type": "string", "pattern": "^evt_[0-9a-f]{32}$", "description": "Stable for the entry: the `webhook-id` of every delivery of it."],
                    "type": ["type": "string", "enum": .array(ChangeEventType.allCases.map { .string($0.rawValue) }), "description": "What happened."],
                    "cursor": ["type": "integer", "minimum": 1, "description": "The entry's position; passed as `since` it reads what follows."],
                    "occurredAtMs": ["type": "integer", "description": "When it was appended, Unix epoch milliseconds."],
                    "occurredAt": ["type": "string", "format": "date-time", "description": "`occurredAtMs` in UTC, with milliseconds."],
                    "subject": ["type": "object", "description": "What changed, without health values: `day` and `metrics`, `night`, `workoutKey`, `externalId` and `status`, `source`, …"],
                    "values": ["type": "object", "description": "The values that changed (headline numbers, a score, an intent's amount); only with `include=values`."],
                ],
            ],
            "Changes": [
                "type": "object",
                "description": "A page of the changes feed and the cursor to read on from.",
                "required": ["changes", "next", "hasMore", "oldest"],
                "properties": [
                    "changes": ["type": "array", "items": Schemas.ref("ChangeEntry"), "description": "The entries after `since`, oldest first."],
                    "next": ["type": "string", "description": "Pass as `since` to read on (also when `changes` is empty)."],
                    "hasMore": ["type": "boolean", "description": "More entries follow `next` already."],
                    "oldest": ["type": "string", "description": "The oldest cursor the feed still answers; older ones are 410."],
                ],
            ],
        ]
    }
}
