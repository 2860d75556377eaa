import HealthDomain

/// Every type the read API answers for: the seed's ids first, then every canonical
/// catalog name. Ids are looked up exactly; a catalog alias (a HealthKit identifier, a
/// client spelling) resolves to its canonical type as a convenience.
public struct ReadTypeTable: Sendable {
    /// Every type, the seed's first.
    public let types: [ReadType]
    private let byID: [String: Int]
    private let catalog: MetricCatalog

    /// The table over `catalog`.
    public init(catalog: MetricCatalog) {
        var types = ReadType.seedTypes(catalog)
        let seedIDs = Set(types.map(\.id))
        for spec in catalog.specs where !seedIDs.contains(spec.metric.rawValue) {
            types.append(ReadType.catalogType(spec))
        }
        self.types = types
        self.byID = Dictionary(types.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.catalog = catalog
    }

    /// The type `id` names, or nil when neither an id nor a catalog alias.
    public func type(_ id: String) -> ReadType? {
        if let index = byID[id] { return types[index] }
        guard let spec = catalog.resolve(id), let index = byID[spec.metric.rawValue] else { return nil }
        var type = types[index]
        type.id = id
        return type
    }
}
