/// One raw HealthKit sample as ingested, after validation and unit normalisation.
///
/// Times are Unix epoch milliseconds; the interval is half-open `[start, end)`, and a
/// sample with `start == end` is an instant. `timezone` is the IANA zone the phone was in,
/// which decides the sample's local day.
public struct Sample: Sendable, Hashable {
    /// The client's stable identity of the sample; ingest upserts by it.
    public var sampleKey: String
    /// What was measured.
    public var metric: Metric
    /// Start instant, Unix epoch milliseconds.
    public var startTimeMs: Int64
    /// End instant, Unix epoch milliseconds (≥ ``startTimeMs``).
    public var endTimeMs: Int64
    /// The quantity in ``unit``; nil for category samples such as sleep segments.
    public var valueNumber: Double?
    /// The category value, e.g. a ``SleepCategory`` raw value for `sleep_segment`.
    public var categoryValue: String?
    /// The unit of ``valueNumber``; the canonical unit for canonical metrics.
    public var unit: String
    /// The human-readable name of the recording source, e.g. "Jane's Apple Watch".
    public var sourceName: String?
    /// The bundle identifier of the recording source.
    public var sourceBundleId: String?
    /// The IANA time zone the sample was recorded in.
    public var timezone: String
    /// The HealthKit sync identifier; lets write intents be matched to the samples they became.
    public var syncIdentifier: String?
    /// The device that took the reading, when the client said.
    public var device: String?
    /// Other facts the client sent, as compact JSON text with sorted keys (an object).
    public var metadata: String?

    /// Creates a sample; no validation happens here (see ``SampleRules``).
    public init(
        sampleKey: String, metric: Metric, startTimeMs: Int64, endTimeMs: Int64,
        valueNumber: Double? = nil, categoryValue: String? = nil, unit: String,
        sourceName: String? = nil, sourceBundleId: String? = nil, timezone: String,
        syncIdentifier: String? = nil, device: String? = nil, metadata: String? = nil
    ) {
        self.sampleKey = sampleKey
        self.metric = metric
        self.startTimeMs = startTimeMs
        self.endTimeMs = endTimeMs
        self.valueNumber = valueNumber
        self.categoryValue = categoryValue
        self.unit = unit
        self.sourceName = sourceName
        self.sourceBundleId = sourceBundleId
        self.timezone = timezone
        self.syncIdentifier = syncIdentifier
        self.device = device
        self.metadata = metadata
    }

    /// `endTimeMs - startTimeMs`.
    public var durationMs: Int64 { endTimeMs - startTimeMs }

    /// The category value read as a sleep stage, when it is one (the sleep kind's reading).
    public var sleepCategory: SleepCategory? { categoryValue.flatMap(SleepCategory.init(rawValue:)) }

    /// The identity sources are grouped and ranked by: name, else bundle id, else "unknown".
    ///
    /// In ``SourceName``'s normal form, so one device's name spelled with a curly or a
    /// straight apostrophe is one source.
    public var sourceIdentity: String { SourceName.normalized(sourceName ?? sourceBundleId ?? "unknown") }
}
