import HealthDomain

/// One `POST /api/apple/batch` body (schema v1 or v2, iOS or Android) mapped onto the
/// drafts the rules check: samples, day totals, workouts and activity summaries, each an
/// ``IngestElement`` under its wire path (`samples[3]`). Nothing here is validated beyond
/// the wire's own shape.
public struct HealthSaveBatch: Sendable {
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
    /// Every element of `samples`, in order; a workout batch's are workouts, an
    /// `activity_summaries` batch's rings.
    public var elements: [IngestElement]
    /// Ids of samples deleted on the phone (`deletions[].uuid`), without repeats.
    public var deletions: [String]
    /// Entries of `deletions` as sent (repeats and unreadable ones included).
    public var deletionsReceived: Int
}
