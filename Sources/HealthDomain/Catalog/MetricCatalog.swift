/// The metric table: every metric the server aggregates, looked up by canonical name or
/// alias. A value, passed to whatever needs it, so a deployment (or a test) can extend
/// it; ``standard`` is the built-in table.
///
/// Lookups run per ingested sample and per summary, so every derived list is computed
/// once, when the catalog is made.
public struct MetricCatalog: Sendable {
    /// Specs in documentation order.
    public let specs: [MetricSpec]
    /// Canonical metrics in documentation order.
    public let metrics: [Metric]
    /// Specs in summary order.
    public let summaryOrder: [MetricSpec]
    /// Specs a write intent may queue, in documentation order.
    public let writable: [MetricSpec]
    /// What stored day values depend on — each metric's name and kind, in name order —
    /// so a store can tell that its aggregates were derived under another table.
    public let fingerprint: String
    private let byName: [String: Int]
    private let byCanonical: [Metric: Int]
    /// HealthKit identifiers among the names, case-folded, to the name as indexed.
    private let byFoldedHealthKitName: [String: String]
    /// Canonical metrics per set of kinds (every subset of ``MetricKind``), in documentation order.
    private let byKinds: [Set<MetricKind>: [Metric]]
    /// Canonical metrics per headline, in documentation order.
    private let byHeadline: [SummaryWording.Headline: [Metric]]

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
        var folded: [String: String] = [:]
        for name in byName.keys.sorted() where name.hasPrefix("HK") {
            let key = name.lowercased()
            if folded[key] == nil { folded[key] = name }
        }
        self.byName = byName
        self.byCanonical = byCanonical
        self.byFoldedHealthKitName = folded
        self.metrics = specs.map(\.metric)
        self.summaryOrder = specs.sorted { ($0.wording.order, $0.metric) < ($1.wording.order, $1.metric) }
        self.writable = specs.filter(\.writable)
        self.fingerprint = specs.map { "\($0.metric.rawValue)=\($0.kind.rawValue)" }.sorted().joined(separator: ",")
        let kinds = MetricKind.allCases
        var byKinds: [Set<MetricKind>: [Metric]] = [:]
        for mask in 0..<(1 << kinds.count) {
            let set = Set(kinds.indices.filter { mask & (1 << $0) != 0 }.map { kinds[$0] })
            byKinds[set] = specs.filter { set.contains($0.kind) }.map(\.metric)
        }
        self.byKinds = byKinds
        var byHeadline: [SummaryWording.Headline: [Metric]] = [:]
        for spec in specs { byHeadline[spec.wording.headline, default: []].append(spec.metric) }
        self.byHeadline = byHeadline
    }

    /// This catalog plus `more`.
    public func adding(_ more: [MetricSpec]) -> MetricCatalog { MetricCatalog(specs + more) }

    /// The spec of a canonical metric, or nil for a metric stored raw.
    public func spec(for metric: Metric) -> MetricSpec? {
        byCanonical[metric].map { specs[$0] }
    }

    /// The spec a wire name (canonical or alias) resolves to. A HealthKit identifier in
    /// its Swift spelling (`HKQuantityTypeIdentifier.heartRate`) resolves like the
    /// identifier itself (`HKQuantityTypeIdentifierHeartRate`).
    public func resolve(_ name: String) -> MetricSpec? {
        lookup(name).map { specs[$0.index] }
    }

    /// The spec a wire name resolves to, with the category value the name itself fixes
    /// (`blood_pressure_diastolic` → blood pressure, `diastolic`).
    public func resolveWithCategory(_ name: String) -> (spec: MetricSpec, category: String?)? {
        guard let found = lookup(name) else { return nil }
        let spec = specs[found.index]
        return (spec, spec.impliedCategories.isEmpty ? nil : spec.impliedCategories[found.name])
    }

    /// How a day of `metric` is derived, or nil when it is stored raw.
    public func kind(of metric: Metric) -> MetricKind? { spec(for: metric)?.kind }

    /// Canonical metrics of the given kinds, in documentation order.
    public func metrics(ofKind kinds: Set<MetricKind>) -> [Metric] { byKinds[kinds] ?? [] }

    /// Canonical metrics whose day number is the given headline, in documentation order.
    public func metrics(withHeadline headline: SummaryWording.Headline) -> [Metric] { byHeadline[headline] ?? [] }

    /// The index of the spec `name` resolves to and the name as indexed.
    private func lookup(_ name: String) -> (index: Int, name: String)? {
        if let index = byName[name] { return (index, name) }
        guard let folded = Self.foldedSwiftHealthKitName(name), let known = byFoldedHealthKitName[folded],
              let index = byName[known] else { return nil }
        return (index, known)
    }

    /// `HKQuantityTypeIdentifier.vo2Max` → `hkquantitytypeidentifiervo2max`, the case-folded
    /// identifier (`HKQuantityTypeIdentifierVO2Max`); nil for any other name. Folding case
    /// covers the Swift names whose identifiers capitalise more than the first letter.
    static func foldedSwiftHealthKitName(_ name: String) -> String? {
        guard name.hasPrefix("HK"), let dot = name.firstIndex(of: "."), name[..<dot].hasSuffix("TypeIdentifier") else { return nil }
        let member = name[name.index(after: dot)...]
        guard !member.isEmpty, !member.contains(".") else { return nil }
        return (name[..<dot] + member).lowercased()
    }
}
