import JSON

/// A day of a summed metric (steps, active or dietary energy).
public struct CumulativeDay: Sendable, Equatable {
    /// The day's total after cross-source de-duplication (where the metric has it).
    public var total: Double
    /// Samples that touch the day, over all sources.
    public var sampleCount: Int
    /// Per-source totals, best rank first.
    public var sources: [SourceContribution]
    /// Who computed ``total`` when a reported day total stands for the day ("HealthKit
    /// Statistics"); nil when it is the de-duplicated sum of the samples.
    public var totalFrom: String?
    /// The de-duplicated sum of the samples, kept beside a reported total.
    public var samplesTotal: Double?

    /// A day with explicit values.
    public init(total: Double, sampleCount: Int, sources: [SourceContribution], totalFrom: String? = nil, samplesTotal: Double? = nil) {
        self.total = total
        self.sampleCount = sampleCount
        self.sources = sources
        self.totalFrom = totalFrom
        self.samplesTotal = samplesTotal
    }

    /// This day with `reported` as its total: the samples keep the per-source split.
    public func reporting(_ reported: DayTotal) -> CumulativeDay {
        CumulativeDay(total: reported.value, sampleCount: sampleCount, sources: sources, totalFrom: reported.source,
                      samplesTotal: totalFrom == nil ? total : samplesTotal)
    }

    /// `{"total", "sampleCount", "sources": [...]}`, numbers rounded to 3 decimals.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "total": JSONRounding.number(total),
            "sampleCount": .number(Double(sampleCount)),
            "sources": .array(sources.map(\.json)),
        ]
        if let totalFrom { members["totalFrom"] = .string(totalFrom) }
        if let samplesTotal { members["samplesTotal"] = JSONRounding.number(samplesTotal) }
        return .object(members)
    }
}
