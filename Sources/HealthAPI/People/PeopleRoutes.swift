import HTTPTransport
import HealthStore
import JSON

/// `GET /health/people`: the people of the household, for an admin (the dashboard's
/// person switch). Only an admin's request carries the household (``RequestContext/household``).
enum PeopleRoutes {
    static func routes() -> [Route] {
        [
            Route(.get, "/health/people", public: false,
                  operation: Operation(
                    id: "listPeople", summary: "The people of the household (admin only)",
                    description: """
                    Every person the server keeps data for, the first (the database `--db` names) first: their name, \
                    their id (the `xuser_id` of their observation batches) and which one the request acts for. Name one in \
                    `X-Healthd-Person` to act for them. Only the server's token and `admin` tokens may list them.
                    """,
                    tags: ["discovery"],
                    responses: [
                        200: Operation.Response("The people.", schema: Schemas.ref("People")),
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                guard let household = context.household else {
                    throw APIError.forbidden("listing the people needs an admin token", needed: .admin, held: context.grant.scopes)
                }
                let people = try await household.people()
                let current = context.services.person?.id
                return .json(["people": .array(people.map { person in
                    ["name": .string(person.name), "id": .string(person.id), "current": .bool(person.id == current)]
                })])
            },
        ]
    }
}

extension Schemas {
    /// The answer of `GET /health/people`.
    static let peopleComponents: [String: JSONValue] = [
        "People": [
            "type": "object",
            "description": "The people of the household, the first first.",
            "required": ["people"],
            "additionalProperties": false,
            "properties": [
                "people": ["type": "array", "description": "Each person, in the order they were added.", "items": [
                    "type": "object",
                    "required": ["name", "id", "current"],
                    "additionalProperties": false,
                    "properties": [
                        "name": ["type": "string", "description": "The name `healthd person` knows them by."],
                        "id": ["type": "string", "format": "uuid", "description": "Their id: the `xuser_id` of their observation batches."],
                        "current": ["type": "boolean", "description": "Whether this request acts for them."],
                    ],
                ]],
            ],
        ],
    ]
}
