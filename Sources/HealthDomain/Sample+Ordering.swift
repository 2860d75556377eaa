extension Sample {
    /// A total order on samples: `(startTimeMs, sampleKey)` first, then every other field.
    ///
    /// Aggregation sorts by it before summing so that floating-point sums depend only on
    /// the set of samples, never on the order they arrived in. Strings compare by UTF-8
    /// bytes, identically on every platform.
    static func precedesInCanonicalOrder(_ a: Sample, _ b: Sample) -> Bool {
        if a.startTimeMs != b.startTimeMs { return a.startTimeMs < b.startTimeMs }
        if a.sampleKey != b.sampleKey { return a.sampleKey.utf8.lexicographicallyPrecedes(b.sampleKey.utf8) }
        if a.endTimeMs != b.endTimeMs { return a.endTimeMs < b.endTimeMs }
        if a.valueNumber != b.valueNumber {
            guard let x = a.valueNumber else { return true }
            guard let y = b.valueNumber else { return false }
            return x < y
        }
        for (x, y) in [
            (a.categoryValue, b.categoryValue), (a.sourceName, b.sourceName),
            (a.sourceBundleId, b.sourceBundleId), (a.syncIdentifier, b.syncIdentifier),
            (a.timezone as String?, b.timezone as String?), (a.unit as String?, b.unit as String?),
            (a.device, b.device), (a.metadata, b.metadata),
        ] where x != y {
            guard let x else { return true }
            guard let y else { return false }
            return x.utf8.lexicographicallyPrecedes(y.utf8)
        }
        return a.metric.rawValue.utf8.lexicographicallyPrecedes(b.metric.rawValue.utf8)
    }
}
