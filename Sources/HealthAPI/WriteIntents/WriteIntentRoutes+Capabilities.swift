import HealthDomain
import JSON
import HealthStore

extension WriteIntentRoutes {
    /// The write kinds for `GET /health/capabilities` with the default retry policy.
    static var capabilities: JSONValue { capabilities(policy: .default, catalog: .standard) }

    /// What a client needs to queue and apply writes: metrics with units and ranges, the
    /// HealthKit sync identifier rule, the statuses and the backoff policy in force.
    static func capabilities(policy: RetryPolicy, catalog: MetricCatalog) -> JSONValue {
        let metrics: [JSONValue] = catalog.writable.map { spec in
            var entry: [String: JSONValue] = [
                "metric": .string(spec.metric.rawValue),
                "unit": .string(spec.unit ?? ""),
                "acceptedUnits": .array((spec.units?.names ?? []).map { .string($0) }),
                "description": .string(spec.description),
            ]
            if let range = spec.plausibleRange { entry["range"] = ["minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)] }
            return .object(entry)
        }
        return [
            "endpoints": [
                "upsert": "POST /health/write-intents",
                "pending": "GET /health/write-intents/pending",
                "ack": "POST /health/write-intents/ack",
                "list": "GET /health/write-intents",
                "get": "GET /health/write-intents/{externalId}",
                "cancel": "POST /health/write-intents/{externalId}/cancel",
            ],
            "metrics": .array(metrics),
            "maxDurationMs": JSONValue(WriteIntentContent.maxDurationMs),
            "healthKit": [
                "syncIdentifier": "externalId",
                "syncVersion": "version",
                "rule": .string(healthKitRule),
            ],
            "statuses": .object(Dictionary(uniqueKeysWithValues: IntentStatus.allCases.map { ($0.rawValue, .string($0.meaning)) })),
            "retry": [
                "maxAttempts": JSONValue(policy.maxAttempts),
                "baseDelayMs": JSONValue(policy.baseDelayMs),
                "capDelayMs": JSONValue(policy.capDelayMs),
                "formula": "after the n-th failed attempt the next try waits a uniformly jittered delay in [0, min(capDelayMs, baseDelayMs·2^(n−1))]; after maxAttempts, or a failure with retryable false, the intent is dead",
            ],
            "reconciliation": "When an ingested sample's sampleKey equals an applied intent's healthKitUUID, or its syncIdentifier equals the intent's externalId with the same metric, start and value, the intent becomes reconciled. Day totals count the synced sample once; queued intents (pending, failed, applied but not reconciled) are reported beside totals, never added to them.",
        ]
    }
}

extension IntentStatus {
    /// One sentence per status, for capabilities and documentation.
    var meaning: String {
        switch self {
        case .pending: "queued; offered by GET /health/write-intents/pending"
        case .failed: "the last try failed retryably; offered again once nextRetryAt has passed"
        case .dead: "failed maxAttempts times or not retryably; no longer offered (post a changed body to queue a new version)"
        case .applied: "written into HealthKit; waiting for the sample to sync back"
        case .skipped: "the phone chose not to write it (final)"
        case .cancelled: "withdrawn before it was applied; no longer offered"
        case .reconciled: "the written sample came back through ingest and is counted in day totals"
        }
    }
}
