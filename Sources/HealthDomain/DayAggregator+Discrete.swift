extension DayAggregator {
    /// Average, extremes and latest of point readings, over all sources (a reading is a
    /// reading whichever device took it; there is nothing to double count).
    static func discrete(samples: [Sample], priority: SourcePriority) -> DiscreteDay? {
        var sum = 0.0
        var count = 0
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var latest: Sample?
        var latestValue = 0.0
        var sources = SourceTally()
        for sample in samples {
            guard let value = sample.valueNumber, value.isFinite else { continue }
            sum += value
            count += 1
            minimum = min(minimum, value)
            maximum = max(maximum, value)
            // A summarised reading (HAE's Min/Avg/Max) widens the extremes, not the average.
            if let range = sample.readingRange {
                if let low = range.min, low.isFinite { minimum = min(minimum, low) }
                if let high = range.max, high.isFinite { maximum = max(maximum, high) }
            }
            if latest.map({ isLater(sample, than: $0) }) ?? true {
                latest = sample
                latestValue = value
            }
            sources.add(sample, priority: priority)
        }
        guard count > 0, let latest else { return nil }
        return DiscreteDay(
            avg: sum / Double(count), min: minimum, max: maximum, latest: latestValue,
            latestTimeMs: latest.endTimeMs, latestSource: latest.sourceDisplayName, sampleCount: count,
            sources: sources.names)
    }

    /// Greatest `endTimeMs`, then greatest `startTimeMs`, then greatest `sampleKey`, then
    /// the canonical order: a strict order, so "latest" never depends on input order.
    static func isLater(_ a: Sample, than b: Sample) -> Bool {
        if a.endTimeMs != b.endTimeMs { return a.endTimeMs > b.endTimeMs }
        if a.startTimeMs != b.startTimeMs { return a.startTimeMs > b.startTimeMs }
        if a.sampleKey != b.sampleKey { return b.sampleKey.utf8.lexicographicallyPrecedes(a.sampleKey.utf8) }
        return Sample.precedesInCanonicalOrder(b, a)
    }
}
