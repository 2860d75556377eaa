/// The metric table: every metric the server aggregates, looked up by canonical name or
/// alias. A value, passed to whatever needs it, so a deployment (or a test) can extend
/// it; ``standard`` is the built-in table.
public struct MetricCatalog: Sendable {
    /// Specs in documentation order.
    public let specs: [MetricSpec]
    private let byName: [String: Int]
    private let byCanonical: [Metric: Int]

    /// A catalog of `specs`. Later specs lose name clashes: the first spec to claim a
    /// name (canonical or alias) keeps it, so a canonical name can never be shadowed.
    public init(_ specs: [MetricSpec]) {
        self.specs = specs
        var byName: [String: Int] = [:]
        var byCanonical: [Metric: Int] = [:]
        for (index, spec) in specs.enumerated() where byCanonical[spec.metric] == nil {
            byCanonical[spec.metric] = index
            byName[spec.metric.rawValue] = byName[spec.metric.rawValue] ?? index
        }
        for (index, spec) in specs.enumerated() where byCanonical[spec.metric] == index {
            for alias in spec.allAliases where byName[alias] == nil { byName[alias] = index }
        }
        self.byName = byName
        self.byCanonical = byCanonical
    }

    /// This catalog plus `more`.
    public func adding(_ more: [MetricSpec]) -> MetricCatalog { MetricCatalog(specs + more) }

    /// The spec of a canonical metric, or nil for a metric stored raw.
    public func spec(for metric: Metric) -> MetricSpec? {
        byCanonical[metric].map { specs[$0] }
    }

    /// The spec a wire name (canonical or alias) resolves to.
    public func resolve(_ name: String) -> MetricSpec? {
        byName[name].map { specs[$0] }
    }

    /// The spec a wire name resolves to, with the category value the name itself fixes
    /// (`blood_pressure_diastolic` → blood pressure, `diastolic`).
    public func resolveWithCategory(_ name: String) -> (spec: MetricSpec, category: String?)? {
        guard let spec = resolve(name) else { return nil }
        return (spec, spec.impliedCategories[name])
    }

    /// How a day of `metric` is derived, or nil when it is stored raw.
    public func kind(of metric: Metric) -> MetricKind? { spec(for: metric)?.kind }

    /// Canonical metrics in documentation order.
    public var metrics: [Metric] { specs.map(\.metric) }

    /// Specs in summary order.
    public var summaryOrder: [MetricSpec] { specs.sorted { ($0.wording.order, $0.metric) < ($1.wording.order, $1.metric) } }

    /// Specs a write intent may queue, in documentation order.
    public var writable: [MetricSpec] { specs.filter(\.writable) }

    /// Canonical metrics of the given kinds, in documentation order.
    public func metrics(ofKind kinds: Set<MetricKind>) -> [Metric] { specs.filter { kinds.contains($0.kind) }.map(\.metric) }

    /// Canonical metrics whose day number is the given headline, in documentation order.
    public func metrics(withHeadline headline: SummaryWording.Headline) -> [Metric] {
        specs.filter { $0.wording.headline == headline }.map(\.metric)
    }
}

extension MetricCatalog {
    /// What stored day values depend on — each metric's name and kind, in name order —
    /// so a store can tell that its aggregates were derived under another table.
    public var fingerprint: String {
        specs.map { "\($0.metric.rawValue)=\($0.kind.rawValue)" }.sorted().joined(separator: ",")
    }
}
