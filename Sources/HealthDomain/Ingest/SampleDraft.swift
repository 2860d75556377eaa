import JSON

/// One sample as a wire format describes it, before any rule: the single shape every
/// adapter (native ingest, write intents, and each client format) maps its payload
/// into. ``SampleRules`` turns a draft into a stored ``Sample`` or names what is wrong.
///
/// Members are optional because an adapter leaves a member nil when the wire value was
/// absent or of the wrong type; it records the latter in ``issues``, and the rules then
/// do not report the member again.
public struct SampleDraft: Sendable, Equatable {
    /// The wire names of the members, so an issue names the field the client sent.
    public struct FieldNames: Sendable, Equatable {
        public var sampleKey = "sampleKey"
        public var metric = "metric"
        public var start = "startTimeMs"
        public var end = "endTimeMs"
        public var value = "valueNumber"
        public var categoryValue = "categoryValue"
        public var unit = "unit"
        public var sourceName = "sourceName"
        public var sourceBundleId = "sourceBundleId"
        public var device = "device"
        public var timezone = "timezone"
        public var syncIdentifier = "syncIdentifier"
        public var metadata = "metadata"

        /// The names of `/health/ingest` and write intents.
        public static let native = FieldNames()

        /// The native names; an adapter changes those its wire spells otherwise.
        public init() {}

        /// Fields in the order issues are reported.
        var ordered: [String] {
            [sampleKey, metric, start, end, value, categoryValue, unit, sourceName, sourceBundleId, device, timezone, syncIdentifier, metadata]
        }
    }

    /// The identity the wire sent (a HealthKit uuid, a sync identifier, a client's key);
    /// nil for an id-less sample, whose key is ``derivedKey`` or derived by the rules.
    public var sampleKey: String?
    /// The key an adapter derived for an id-less sample when the rules' (metric, source,
    /// start, end) is not enough (the sides of a blood pressure reading); nil lets the
    /// rules derive it. Id-less samples of one request that share it are told apart by
    /// ``SampleOccurrences``.
    public var derivedKey: String?
    /// The metric name as sent: canonical, an alias, or a name to store raw.
    public var metricName: String?
    /// Start instant, Unix epoch milliseconds.
    public var startTimeMs: Int64?
    /// End instant, Unix epoch milliseconds.
    public var endTimeMs: Int64?
    /// The quantity, in ``unit``.
    public var value: Double?
    /// The unit of ``value`` as sent.
    public var unit: String?
    /// A category value (a sleep stage, for instance).
    public var categoryValue: String?
    /// The recording source's name ("Jane's Apple Watch").
    public var sourceName: String?
    /// The recording source's bundle identifier.
    public var sourceBundleId: String?
    /// The device that took the reading, when the wire says.
    public var device: String?
    /// The IANA zone the sample was recorded in.
    public var timezone: String?
    /// HealthKit's sync identifier.
    public var syncIdentifier: String?
    /// Other wire facts worth keeping, as a JSON object.
    public var metadata: JSONValue?
    /// Wire-level problems the adapter found (a wrong type, a missing member).
    public var issues: [ValidationIssue]
    /// How the wire names each member.
    public var fields: FieldNames

    /// A draft with explicit values.
    public init(
        sampleKey: String? = nil, metricName: String? = nil, startTimeMs: Int64? = nil, endTimeMs: Int64? = nil,
        value: Double? = nil, unit: String? = nil, categoryValue: String? = nil, sourceName: String? = nil,
        sourceBundleId: String? = nil, device: String? = nil, timezone: String? = nil, syncIdentifier: String? = nil,
        metadata: JSONValue? = nil, issues: [ValidationIssue] = [], fields: FieldNames = .native
    ) {
        self.sampleKey = sampleKey
        self.metricName = metricName
        self.startTimeMs = startTimeMs
        self.endTimeMs = endTimeMs
        self.value = value
        self.unit = unit
        self.categoryValue = categoryValue
        self.sourceName = sourceName
        self.sourceBundleId = sourceBundleId
        self.device = device
        self.timezone = timezone
        self.syncIdentifier = syncIdentifier
        self.metadata = metadata
        self.issues = issues
        self.fields = fields
    }
}
