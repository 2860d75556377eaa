import HealthDomain

extension StoreReader {
    /// The most recent stored day of `metric` not after `day` (``LatestReading``).
    public func latestReading(of metric: Metric, onOrBefore day: DayKey) throws -> LatestReading? {
        try LatestReading.find(db, metric: metric, onOrBefore: day)
    }

    /// Every source with its newest sample's end and zone (``SourceNewestSample``); reads
    /// every sample.
    public func newestSamplePerSource() throws -> [SourceNewestSample] {
        try SourceNewestSample.all(db)
    }
}
