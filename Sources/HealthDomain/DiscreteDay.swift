import JSON

/// A day of point readings (resting heart rate, HRV, body mass, body fat), over all sources.
public struct DiscreteDay: Sendable, Equatable {
    /// Mean of the day's readings.
    public var avg: Double
    /// Smallest reading.
    public var min: Double
    /// Largest reading.
    public var max: Double
    /// The most recent reading: greatest `endTimeMs`, then greatest `startTimeMs`, then
    /// greatest `sampleKey` (byte order) — the last sample in time, deterministically.
    public var latest: Double
    /// `endTimeMs` of the latest reading.
    public var latestTimeMs: Int64
    /// Source of the latest reading, as that sample named it.
    public var latestSource: String
    /// Number of readings.
    public var sampleCount: Int
    /// Sources that contributed, best rank first, each as its most recent sample named it.
    public var sources: [String]

    /// A day with explicit values.
    public init(
        avg: Double, min: Double, max: Double, latest: Double, latestTimeMs: Int64,
        latestSource: String, sampleCount: Int, sources: [String]
    ) {
        self.avg = avg
        self.min = min
        self.max = max
        self.latest = latest
        self.latestTimeMs = latestTimeMs
        self.latestSource = latestSource
        self.sampleCount = sampleCount
        self.sources = sources
    }

    /// `{"avg", "min", "max", "latest", "latestTimeMs", "latestSource", "sampleCount", "sources"}`.
    public var json: JSONValue {
        .object([
            "avg": JSONRounding.number(avg),
            "min": JSONRounding.number(min),
            "max": JSONRounding.number(max),
            "latest": JSONRounding.number(latest),
            "latestTimeMs": .number(Double(latestTimeMs)),
            "latestSource": .string(latestSource),
            "sampleCount": .number(Double(sampleCount)),
            "sources": .array(sources.map(JSONValue.string)),
        ])
    }
}
