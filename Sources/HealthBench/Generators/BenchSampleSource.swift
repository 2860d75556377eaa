import HealthDomain

/// Where a benchmark's fresh samples come from.
protocol BenchSampleSource {
    /// The next `count` samples, never seen before.
    mutating func next(_ count: Int) -> [Sample]
    /// Makes the next sample the first of a request's batch.
    mutating func startBatch()
}

extension BenchSampleSource {
    mutating func startBatch() {}
}
