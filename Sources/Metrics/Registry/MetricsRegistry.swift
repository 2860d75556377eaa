import Locking

/// The metric families of a process and their rendering in the Prometheus text format.
///
/// Register families once at startup (registration validates names and throws on
/// mistakes), resolve the handles the hot path needs, and call ``render()`` per scrape.
/// Families are rendered sorted by name, series sorted by label values, so equal state
/// renders to equal bytes.
public final class MetricsRegistry: Sendable {
    private struct State {
        var families: [String: any RenderableFamily] = [:]
        /// Every sample name a family writes, to refuse `x_count` beside a histogram `x`.
        var reservedNames: Set<String> = []
    }

    private let state = Locked(State())

    /// An empty registry.
    public init() {}

    /// Registers a counter family. A ``SeriesLimit`` must use ``SeriesLimit/Overflow/sum``.
    public func counter(_ name: String, help: String, labelNames: [String] = [],
                        limit: SeriesLimit? = nil) throws(MetricsError) -> CounterFamily {
        try validate(name: name, labelNames: labelNames, limit: limit, type: .counter)
        let family = CounterFamily(name: name, help: help, labelNames: labelNames, limit: limit)
        try add(family, names: [name])
        return family
    }

    /// Registers a gauge family. A ``SeriesLimit`` states which reducer folds the series
    /// past its cap (see ``SeriesLimit``).
    public func gauge(_ name: String, help: String, labelNames: [String] = [],
                      limit: SeriesLimit? = nil) throws(MetricsError) -> GaugeFamily {
        try validate(name: name, labelNames: labelNames, limit: limit, type: .gauge)
        let family = GaugeFamily(name: name, help: help, labelNames: labelNames, limit: limit)
        try add(family, names: [name])
        return family
    }

    /// Registers a histogram family with these finite, strictly increasing upper bounds
    /// (`+Inf` is always added; a trailing `+Inf` in `buckets` is accepted and dropped).
    public func histogram(_ name: String, help: String, labelNames: [String] = [],
                          buckets: [Double] = Histogram.defaultBuckets,
                          limit: SeriesLimit? = nil) throws(MetricsError) -> HistogramFamily {
        try validate(name: name, labelNames: labelNames, limit: limit, type: .histogram)
        guard !labelNames.contains("le") else {
            throw MetricsError(.invalidLabelName, "\(name): a histogram cannot have a label named le")
        }
        var bounds = buckets
        if bounds.last == .infinity { bounds.removeLast() }
        guard bounds.allSatisfy(\.isFinite), zip(bounds, bounds.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw MetricsError(.invalidBuckets, "\(name): bucket bounds must be finite and strictly increasing")
        }
        let family = HistogramFamily(name: name, help: help, labelNames: labelNames, bounds: bounds, limit: limit)
        try add(family, names: [name, name + "_bucket", name + "_sum", name + "_count"])
        return family
    }

    /// Registers a counter or gauge family computed at scrape time by `collector`, which
    /// runs on the scraping thread outside every lock of the registry; it should be quick
    /// (a file read, a cached value), never a blocking wait on the cooperative pool.
    public func collect(_ name: String, help: String, type: MetricType, labelNames: [String] = [],
                        limit: SeriesLimit? = nil,
                        _ collector: @escaping @Sendable () -> [CollectedSample]) throws(MetricsError) {
        guard type != .histogram else {
            throw MetricsError(.unsupportedType, "\(name): a collector reports counters or gauges")
        }
        try validate(name: name, labelNames: labelNames, limit: limit, type: type)
        try add(CollectedFamily(name: name, help: help, type: type, labelNames: labelNames, limit: limit, collector: collector),
                names: [name])
    }

    /// The whole exposition: every family with at least one series, sorted by name.
    public func render() -> String {
        let families = state.withLock { state in
            state.families.keys.sorted().map { state.families[$0]! }
        }
        var out = ""
        for family in families {
            let snapshot = family.snapshot()
            guard !snapshot.samples.isEmpty else { continue }
            PrometheusText.write(snapshot, into: &out)
        }
        return out
    }

    private func validate(name: String, labelNames: [String], limit: SeriesLimit?, type: MetricType) throws(MetricsError) {
        guard MetricName.isValidMetricName(name) else {
            throw MetricsError(.invalidMetricName, "\(name) is not a metric name ([a-zA-Z_:][a-zA-Z0-9_:]*)")
        }
        for label in labelNames {
            guard MetricName.isValidLabelName(label), !label.hasPrefix("__") else {
                throw MetricsError(.invalidLabelName, "\(name): \(label) is not a label name ([a-zA-Z_][a-zA-Z0-9_]*, no leading __)")
            }
        }
        guard Set(labelNames).count == labelNames.count else {
            throw MetricsError(.invalidLabelName, "\(name): a label name is repeated")
        }
        if let limit {
            try limit.validate(labelNames: labelNames, family: name)
            if type != .gauge, limit.overflow != .sum {
                throw MetricsError(.invalidLimit, "\(name): a \(type.rawValue) folds its overflow by summing")
            }
        }
    }

    private func add(_ family: any RenderableFamily, names: [String]) throws(MetricsError) {
        try state.withLock { (state: inout State) throws(MetricsError) in
            if let taken = names.first(where: state.reservedNames.contains) {
                throw MetricsError(.duplicateName, "\(family.name): the name \(taken) is already registered")
            }
            state.reservedNames.formUnion(names)
            state.families[family.name] = family
        }
    }
}
