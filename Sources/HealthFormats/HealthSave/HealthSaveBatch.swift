import JSON

/// One `POST /api/apple/batch` body (schema v1 or v2, iOS or Android) mapped onto the
/// shapes the rest of the server validates: sample drafts for ``SampleRules``, and
/// workouts and activity summaries in the native ingest shape for ``WorkoutRules`` and
/// ``ActivitySummaryRules``. Nothing here is validated beyond the wire's own shape.
public struct HealthSaveBatch: Sendable {
    /// What one element of `samples` became.
    public enum Element: Sendable {
        /// A sample for ``SampleRules``.
        case sample(SampleDraft)
        /// A day's total HealthKit's statistics computed (source "HealthKit Statistics" or
        /// `aggregation: "day_total"`), for ``SampleRules/dayTotal(_:localDate:clock:)``.
        case dayTotal(SampleDraft, localDate: DayKey?)
        /// A workout in the native `workouts[]` shape.
        case workout(JSONValue)
        /// A day's rings in the native `activitySummaries[]` shape.
        case activitySummary(JSONValue)
        /// An element whose shape was already wrong (not an object, an unreadable date).
        case invalid([ValidationIssue])
    }

    /// A wrong top-level shape: the request is refused as a whole (400).
    public struct ShapeError: Error, Sendable {
        /// The wire field at fault.
        public var field: String
        /// What is wrong, for the client.
        public var message: String
        /// The rule broken (`required`, `type`).
        public var rule: String
    }

    /// The batch's metric as sent.
    public var metric: String
    /// `batch_index` as sent.
    public var batchIndex: Int?
    /// `total_batches` as sent.
    public var totalBatches: Int?
    /// `schema_version` (1 when absent).
    public var schemaVersion: Int
    /// `client_platform` for Android bridges, when sent.
    public var clientPlatform: String?
    /// Every element of `samples`, in order.
    public var elements: [Element]
    /// Ids of samples deleted on the phone (`deletions[].uuid`), without repeats.
    public var deletions: [String]
    /// Entries of `deletions` as sent (repeats and unreadable ones included).
    public var deletionsReceived: Int
}
