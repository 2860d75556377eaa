import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// `GET /health/sync/clients`: per adapter and source, the last sample time and the last
/// request time; every source with stored samples; and the import jobs the server
/// remembers. What the dashboard's sync view reads to say whether a phone is still syncing.
enum SyncRoutes {
    static func routes() -> [Route] {
        [
            Route(.get, "/health/sync/clients", scope: .read,
                  operation: Operation(
                    id: "listSyncClients", summary: "Last write per sync client and source, every stored source, and import jobs",
                    description: """
                    One entry per (client, source): the adapter the samples and workouts came through (`native` for \
                    `POST /health/ingest`, `healthsave`, `health_auto_export`, `import`, `observations`), the source name \
                    (empty when the samples named none), the latest sample end time that client sent for the source, when \
                    its latest request was stored, and how many samples and workouts it sent (re-sends included). Recorded in \
                    the ingest transaction since this version; writes from before it and from `healthd demo` are not listed \
                    there. `sources` lists every source with stored samples, read from the samples themselves (so it is complete \
                    whatever wrote them): its name as sent — spellings that differ only in apostrophes or spaces are one source, \
                    shown as its sample with the latest end time spelled it — its latest sample end time, its sample count, and \
                    the adapters known to have written it (empty when none is). `importJobs` are the uploads the server \
                    remembers (in memory, newest first).
                    """,
                    tags: ["discovery"],
                    responses: [
                        200: Operation.Response("The sync clients and import jobs.", schema: Schemas.ref("SyncClients")),
                        400: Operation.Response("A query parameter was given (this route takes none).", schema: Schemas.ref("Error")),
                    ])) { context in
                try context.query.rejectUnknown(allowed: [])
                let (entries, sources) = try await context.services.store.read { reader in
                    let entries = try reader.syncEntries()
                    return (entries, try reader.storedSources(ledger: entries))
                }
                let jobs = context.services.imports.all()
                return .json(body(entries, sources: sources, jobs: jobs))
            },
        ]
    }

    static func body(_ entries: [SyncLedger.Entry], sources: [StoredSources.Entry], jobs: [ImportJobs.Job]) -> JSONValue {
        func time(_ ms: Int64) -> JSONValue { .string(RequestLog.timestamp(ms)) }
        return [
            "clients": .array(entries.map { entry in
                [
                    "client": .string(entry.client), "source": .string(entry.source),
                    "lastSampleMs": .number(Double(entry.lastSampleMs)), "lastSampleAt": time(entry.lastSampleMs),
                    "lastRequestMs": .number(Double(entry.lastRequestMs)), "lastRequestAt": time(entry.lastRequestMs),
                    "samples": .number(Double(entry.samples)),
                ]
            }),
            "sources": .array(sources.map { source in
                [
                    "source": .string(source.source),
                    "lastSampleMs": .number(Double(source.lastSampleMs)), "lastSampleAt": time(source.lastSampleMs),
                    "samples": .number(Double(source.samples)),
                    "clients": .array(source.clients.map(JSONValue.string)),
                ]
            }),
            "importJobs": .array(jobs.map(\.json)),
        ]
    }
}

extension Schemas {
    /// The schemas `GET /health/sync/clients` adds to `components/schemas`.
    static var syncComponents: [String: JSONValue] {
        func time(_ what: String) -> JSONValue { ["type": "string", "format": "date-time", "description": .string(what + ", ISO 8601 UTC.")] }
        func ms(_ what: String) -> JSONValue { ["type": "integer", "description": .string(what + ", Unix epoch milliseconds.")] }
        return [
            "SyncClient": [
                "type": "object",
                "description": "What one client adapter last delivered for one source.",
                "required": ["client", "source", "lastSampleMs", "lastSampleAt", "lastRequestMs", "lastRequestAt", "samples"],
                "additionalProperties": false,
                "properties": [
                    "client": ["type": "string", "enum": .array(SyncClient.allCases.map { .string($0.rawValue) }),
                               "description": "The adapter the writes came through."],
                    "source": ["type": "string", "description": "The source name the samples carried (empty when none)."],
                    "lastSampleMs": ms("The latest sample (or workout) end time the client sent for the source"),
                    "lastSampleAt": time("The latest sample (or workout) end time the client sent for the source"),
                    "lastRequestMs": ms("When the client's latest request carrying the source was stored"),
                    "lastRequestAt": time("When the client's latest request carrying the source was stored"),
                    "samples": ["type": "integer", "minimum": 0, "description": "Samples and workouts received, re-sends included."],
                ],
            ],
            "StoredSource": [
                "type": "object",
                "description": "One source with stored samples, whatever wrote them.",
                "required": ["source", "lastSampleMs", "lastSampleAt", "samples", "clients"],
                "additionalProperties": false,
                "properties": [
                    "source": ["type": "string", "description": "The source name as its sample with the latest end time spelled it (empty for samples that named none); spellings that differ only in apostrophes or spaces are one source."],
                    "lastSampleMs": ms("The latest sample end time of the source"),
                    "lastSampleAt": time("The latest sample end time of the source"),
                    "samples": ["type": "integer", "minimum": 1, "description": "Samples stored."],
                    "clients": ["type": "array", "items": ["type": "string", "enum": .array(SyncClient.allCases.map { .string($0.rawValue) })],
                                "description": "The adapters recorded as having written the source, by name; empty when none was recorded (writes from before adapters were recorded, `healthd demo`)."],
                ],
            ],
            "SyncClients": [
                "type": "object",
                "description": "Per client adapter and source, the last write; every source with stored samples; and the import jobs the server remembers.",
                "required": ["clients", "sources", "importJobs"],
                "additionalProperties": false,
                "properties": [
                    "clients": ["type": "array", "items": Schemas.ref("SyncClient"), "description": "By client, then source."],
                    "sources": ["type": "array", "items": Schemas.ref("StoredSource"), "description": "By name (UTF-8 byte order)."],
                    "importJobs": ["type": "array", "items": Schemas.ref("ImportJob"), "description": "Import jobs, newest first (kept in memory)."],
                ],
            ],
        ]
    }
}
