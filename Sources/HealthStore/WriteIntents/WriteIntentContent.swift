import HealthDomain

/// What an author asks to be written: the part of an intent the upsert body sets.
/// Two bodies with equal content are the same request (the upsert is then a no-op).
public struct WriteIntentContent: Sendable, Equatable {
    public var metric: Metric
    /// The value in `unit`, as the author gave it (HealthKit is told the same unit).
    public var valueNumber: Double
    public var unit: String
    /// The value in the metric's canonical unit, for totals.
    public var canonicalValue: Double
    public var startTimeMs: Int64
    public var endTimeMs: Int64
    public var timezone: String
    public var note: String?
    /// Who authored it (a script or an agent's name).
    public var source: String?

    public init(metric: Metric, valueNumber: Double, unit: String, canonicalValue: Double, startTimeMs: Int64, endTimeMs: Int64,
                timezone: String, note: String? = nil, source: String? = nil) {
        self.metric = metric
        self.valueNumber = valueNumber
        self.unit = unit
        self.canonicalValue = canonicalValue
        self.startTimeMs = startTimeMs
        self.endTimeMs = endTimeMs
        self.timezone = timezone
        self.note = note
        self.source = source
    }
}
