extension MetricCatalog {
    /// The metric a name stands for wherever a metric is asked for — a read route's
    /// parameter, a query intent, a tool argument — exactly as on ingest: a canonical name
    /// or any alias (`heart_rate`, `HKQuantityTypeIdentifierHeartRate`) is its canonical
    /// metric, under which ingest stored the samples; any other well-formed name is itself
    /// (a metric stored raw). Nil for a name that is neither.
    public func metric(named name: String) -> Metric? {
        if let spec = resolve(name) { return spec.metric }
        return Metric.isWellFormedName(name) ? Metric(rawValue: name) : nil
    }
}
