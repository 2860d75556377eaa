import HTTPTransport
import HealthDomain
import HealthFormats
import JSON
import HealthStore

/// `GET /health/capabilities`: what an agent needs to know to use this API.
enum CapabilitiesRoutes {
    static func routes() -> [Route] {
        [
            Route(.get, "/health/capabilities", scope: .read,
                  operation: Operation(id: "getCapabilities", summary: "Discovery metadata for agents",
                                       description: "Server version, limits and the rules used to derive day numbers (day boundary, sleep nights, source de-duplication).",
                                       tags: ["discovery"],
                                       responses: [200: Operation.Response("Capabilities.", schema: Schemas.ref("Capabilities"))])) { context in
                try context.query.rejectUnknown(allowed: [])
                let services = context.services
                // Capabilities depend only on configuration: build once, serve bytes.
                let body = services.documents.bytes("capabilities") { JSONWriter.serialize(capabilities(services)) }
                return HTTPResponse(status: .ok, contentType: "application/json", body: body)
            },
        ]
    }

    static func capabilities(_ services: AppServices) -> JSONValue {
        [
            "server": ["name": "healthd", "version": .string(services.version)],
            "auth": ["scheme": "bearer", "header": "Authorization: Bearer <token>", "publicRoutes": ["/health", "/api/health", "/health/openapi.json", "/", "/ui/{file}"]],
            "limits": [
                "maxBodyBytes": .number(Double(services.config.maxBodyBytes)),
                "rangeSummaryMaxDays": .number(Double(Limits.rangeSummaryDays)),
                "compareRangesMaxDaysEach": .number(Double(Limits.rangeSummaryDays)),
                "metricSeriesMaxDays": ["day": .number(Double(MetricSeries.maxDays(.day))), "week": .number(Double(MetricSeries.maxDays(.week))), "month": .number(Double(MetricSeries.maxDays(.month)))],
                "sleepReportMaxDays": .number(Double(Limits.sleepReportDays)),
                "dailyMaxDays": .number(Double(Limits.dailyAggregateDays)),
                "anomaliesMaxDays": .number(Double(Limits.anomalyScanDays)),
                "correlationMaxDays": .number(Double(Limits.correlationDays)),
                "recordsMaxDays": .number(Double(Limits.recordsDays)),
                "briefAnswerMaxCharacters": .number(Double(Limits.briefAnswerCharacters)),
            ],
            "rules": [
                "dayBoundary": "A sample's day is the local date in the sample's own IANA timezone; DST days are 23 or 25 hours long.",
                "sleepNight": "A sleep segment ending before 18:00 local time belongs to that date, one ending at or after 18:00 to the next date: a night belongs to the day you wake up.",
                "timezone": .string("Summaries and queries take an optional IANA `timezone`; it decides what 'today' and 'yesterday' mean and how clock times (bedtime, asOf) are written. Without one: the server's default\(services.config.defaultTimezone.map { " (\($0))" } ?? " (none configured)"), else the timezone of the most recent sample, else UTC. Every answer names the timezone used and why (`timezoneSource`)."),
                "missingData": "A metric without data is reported as `status: no_data` and named in `missing` and in the text — never as 0. Coverage counts days with data.",
                "deduplication": .string(Provenance.deduplicationRule(services.store.priority)),
                "queued": "Pending and applied-but-not-yet-synced write intents appear under `queued`, never in totals.",
                "settling": "A day's numbers are `provisional` while its local day (in the answer's timezone) has not ended or a sample for it arrived in the last 2 hours; a night while its last segment ended under 45 minutes ago or a segment arrived in the last 20; else `settled`. `revisedAtMs` says when a change arrived for a day after it had settled.",
                "baselines": .string(JudgementJSON.baselineFormula + ". Readiness, anomalies and the daily summary's judgement read them; a baseline with fewer than 10 days is `insufficient` and nothing is judged against it."),
                "detail": "Every query intent takes `detail`: `full` (default) or `brief`, a compact answer under 4,000 characters for a 366-day range whose `more` says what full adds.",
                "sourceNames": "Source names are shown exactly as the samples spelled them. Names that differ only in apostrophes (’ or ') or spaces (no-break or plain) are one source; where one source arrives in several spellings, a day shows the spelling of its sample with the latest end time, and a range the spelling of the latest day.",
            ],
            "metrics": .object(Dictionary(uniqueKeysWithValues: services.catalog.specs.map { spec in
                (spec.metric.rawValue, JSONValue.object([
                    "displayName": .string(spec.displayName),
                    "unit": .string(spec.summaryUnit),
                    "aggregation": .string(spec.summaryKind.rawValue),
                    "kind": .string(spec.kind.rawValue),
                    "summary": .string(spec.summaryAggregationText),
                    "description": .string(spec.description),
                    "aliases": .array(spec.aliases.map(JSONValue.string)),
                    "healthKitIdentifier": spec.healthKitIdentifier.map(JSONValue.string) ?? .null,
                    "acceptedUnits": .array((spec.units?.names ?? []).map(JSONValue.string)),
                    "range": spec.plausibleRange.map { ["minimum": .number($0.lowerBound), "maximum": .number($0.upperBound)] } ?? .null,
                ]))
            })),
            "query": [
                "endpoint": "POST /health/query",
                "body": "{\"intent\": <name>, …fields}; see each intent's schema",
                "intents": .array(IntentSpec.all.map { spec in
                    ["name": .string(spec.name), "description": .string(spec.summary), "fields": .string(spec.signature),
                     "schema": spec.schema, "example": spec.example]
                }),
                "summaryRoutes": ["GET /health/summary/daily?day=YYYY-MM-DD&timezone=IANA", "GET /health/summary/range?from=YYYY-MM-DD&to=YYYY-MM-DD&timezone=IANA", "GET /health/summary/yesterday?timezone=IANA"],
            ],
            "writeIntents": writeIntents(services),
            "workouts": WorkoutRoutes.capabilities,
        ]
    }

    /// The write-intent queue's own description (endpoints, kinds, HealthKit sync rule,
    /// statuses, retry policy), marked available when it has kinds to offer.
    static func writeIntents(_ services: AppServices) -> JSONValue {
        let kinds = services.queuedEntries.writeIntentKinds
        var object = WriteIntentRoutes.capabilities(policy: services.intents.policy, catalog: services.catalog).objectValue ?? [:]
        object["available"] = .bool(!kinds.isEmpty)
        object["kinds"] = .array(kinds)
        return .object(object)
    }
}
