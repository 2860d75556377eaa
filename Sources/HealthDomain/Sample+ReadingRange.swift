import JSON

extension Sample {
    /// Metadata keys of a reading that summarises an interval (Health Auto Export's
    /// `{Min, Avg, Max}` heart-rate points): the value is the interval's average, these
    /// its extremes. A discrete day's minimum and maximum honour them, its average uses
    /// the value — so the day's min is the lowest `Min`, its max the highest `Max` and
    /// its average the mean of `Avg`.
    public static let readingMinKey = "readingMin"
    /// See ``readingMinKey``.
    public static let readingMaxKey = "readingMax"

    /// The extremes a summarised reading carries in metadata, nil when it carries none.
    /// Metadata without the marker is not parsed, so plain readings cost one scan.
    var readingRange: (min: Double?, max: Double?)? {
        guard let metadata, metadata.utf8.count < 4_200, metadata.contains("\"reading") else { return nil }
        guard case .object(let members)? = try? JSONParser.parse(metadata) else { return nil }
        let low = members[Self.readingMinKey]?.doubleValue, high = members[Self.readingMaxKey]?.doubleValue
        return low == nil && high == nil ? nil : (low, high)
    }
}
