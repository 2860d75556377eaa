import JSON

/// One source's part of a cumulative day.
public struct SourceContribution: Sendable, Equatable {
    /// The source as its most recent sample of the day named it (name, else bundle id,
    /// else "unknown"); spellings that differ only in apostrophes and spaces are one source.
    public var name: String
    /// The raw sum of this source's samples inside the day, as if it were the only source.
    public var total: Double
    /// What it added to the day's total after de-duplication against better-ranked sources.
    public var counted: Double
    /// How many of its samples touch the day.
    public var sampleCount: Int

    /// A contribution with explicit values.
    public init(name: String, total: Double, counted: Double, sampleCount: Int) {
        self.name = name
        self.total = total
        self.counted = counted
        self.sampleCount = sampleCount
    }

    /// `{"name", "total", "counted", "sampleCount"}`, numbers rounded to 3 decimals.
    public var json: JSONValue {
        .object([
            "name": .string(name),
            "total": JSONRounding.number(total),
            "counted": JSONRounding.number(counted),
            "sampleCount": .number(Double(sampleCount)),
        ])
    }
}
