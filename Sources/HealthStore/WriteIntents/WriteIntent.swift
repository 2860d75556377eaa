import HealthDomain
import JSON

/// One queued HealthKit write and everything that happened to it: its current content
/// (`version` counts content changes), its status, and its attempt bookkeeping.
public struct WriteIntent: Sendable, Equatable {
    public var externalId: String
    public var content: WriteIntentContent
    public var version: Int
    public var status: IntentStatus
    /// Acknowledged tries of the current version.
    public var attempts: Int
    /// When a `failed` intent is offered again (Unix ms); nil otherwise.
    public var nextRetryAt: Int64?
    public var lastError: String?
    /// The result of the last accepted ack (`applied`, `failed`, `skipped`).
    public var lastResult: String?
    /// Why the intent is `dead`: `max_attempts` or `not_retryable`.
    public var deadReason: String?
    /// The UUID HealthKit gave the written sample, from the `applied` ack.
    public var healthKitUUID: String?
    /// The ingested sample that reconciled the intent.
    public var reconciledSampleKey: String?
    public var createdAt: Int64
    public var updatedAt: Int64
    public var lastAttemptAt: Int64?
    public var appliedAt: Int64?
    public var reconciledAt: Int64?
    public var cancelledAt: Int64?

    /// The intent's local day: the date of its start in its own time zone.
    public func dayKey(clock: ZoneClock = .shared) -> DayKey {
        clock.dayKey(atMs: content.startTimeMs, zone: content.timezone)
    }

    /// Whether the phone should be handed it at `nowMs`.
    public func isDue(nowMs: Int64) -> Bool {
        status == .pending || (status == .failed && (nextRetryAt ?? Int64.min) <= nowMs)
    }

    /// The wire shape; `history` is added by the single-intent read.
    public var json: JSONValue {
        func ms(_ value: Int64?) -> JSONValue { value.map { JSONValue($0) } ?? .null }
        return [
            "externalId": .string(externalId),
            "metric": .string(content.metric.rawValue),
            "valueNumber": JSONValue(content.valueNumber),
            "unit": .string(content.unit),
            "startTimeMs": JSONValue(content.startTimeMs),
            "endTimeMs": JSONValue(content.endTimeMs),
            "timezone": .string(content.timezone),
            "dayKey": .string(dayKey().description),
            "note": JSONValue(content.note),
            "source": JSONValue(content.source),
            "version": JSONValue(version),
            "status": .string(status.rawValue),
            "attempts": JSONValue(attempts),
            "nextRetryAt": ms(nextRetryAt),
            "lastError": JSONValue(lastError),
            "lastResult": JSONValue(lastResult),
            "deadReason": JSONValue(deadReason),
            "healthKitUUID": JSONValue(healthKitUUID),
            "reconciledSampleKey": JSONValue(reconciledSampleKey),
            "createdAt": JSONValue(createdAt),
            "updatedAt": JSONValue(updatedAt),
            "lastAttemptAt": ms(lastAttemptAt),
            "appliedAt": ms(appliedAt),
            "reconciledAt": ms(reconciledAt),
            "cancelledAt": ms(cancelledAt),
            // What the phone must pass to HealthKit so that a repeated write replaces
            // rather than duplicates (HKMetadataKeySyncIdentifier / SyncVersion).
            "healthKit": ["syncIdentifier": .string(externalId), "syncVersion": JSONValue(version)],
        ]
    }
}
