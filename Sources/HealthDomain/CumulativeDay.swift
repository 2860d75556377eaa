import JSON

/// A day of a summed metric (steps, active or dietary energy).
public struct CumulativeDay: Sendable, Equatable {
    /// The day's total after cross-source de-duplication (where the metric has it).
    public var total: Double
    /// Samples that touch the day, over all sources.
    public var sampleCount: Int
    /// Per-source totals, best rank first.
    public var sources: [SourceContribution]

    /// A day with explicit values.
    public init(total: Double, sampleCount: Int, sources: [SourceContribution]) {
        self.total = total
        self.sampleCount = sampleCount
        self.sources = sources
    }

    /// `{"total", "sampleCount", "sources": [...]}`, numbers rounded to 3 decimals.
    public var json: JSONValue {
        .object([
            "total": JSONRounding.number(total),
            "sampleCount": .number(Double(sampleCount)),
            "sources": .array(sources.map(\.json)),
        ])
    }
}
