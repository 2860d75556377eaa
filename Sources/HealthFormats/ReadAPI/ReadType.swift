import HealthDomain

/// A type of the on-phone read API (`/types`, `/health-data?types=`): an id clients ask
/// for, the catalog metric it reads, and the unit its records are given in.
///
/// The seed's ten ids (`steps`, `heart_rate`, `blood_oxygen`, …) keep the seed's units,
/// converted from the stored canonical unit (`distance` in metres, `height` in metres);
/// every canonical catalog name is an id too, in its canonical unit.
public struct ReadType: Sendable, Equatable {
    /// The id clients ask for (`steps`).
    public var id: String
    /// The display name (`Step Count`).
    public var name: String
    /// The HealthKit type it reads, when there is one.
    public var healthKitIdentifier: String?
    /// The unit of the records; `category` for metrics whose samples carry a category value.
    public var unit: String
    /// The catalog metric it reads.
    public var metric: Metric
    /// Stored (canonical) value × `scale` = the value in `unit`.
    public var scale: Double

    /// A stored value in this type's unit.
    public func value(_ canonical: Double) -> Double { scale == 1 ? canonical : canonical * scale }

    /// The seed's types: id, display name, catalog metric and the seed's unit.
    static let seedTable: [(id: String, name: String, metric: Metric, unit: String)] = [
        ("steps", "Step Count", .stepCount, "count"),
        ("heart_rate", "Heart Rate", "heart_rate_bpm", "bpm"),
        ("active_energy", "Active Energy", .activeEnergyKcal, "kcal"),
        ("distance", "Walking + Running Distance", "distance_walking_running_km", "m"),
        ("flights", "Flights Climbed", "flights_climbed", "count"),
        ("sleep", "Sleep Analysis", .sleepSegment, "category"),
        ("weight", "Weight", .bodyMassKg, "kg"),
        ("height", "Height", "height_cm", "m"),
        ("blood_oxygen", "Blood Oxygen", "oxygen_saturation_percent", "%"),
        ("respiratory_rate", "Respiratory Rate", "respiratory_rate_per_min", "breaths/min"),
    ]

    /// The seed's types over `catalog` (those whose metric it holds), in the seed's order.
    static func seedTypes(_ catalog: MetricCatalog) -> [ReadType] {
        seedTable.compactMap { entry in
            guard let spec = catalog.spec(for: entry.metric) else { return nil }
            // The catalog's conversion *into* the canonical unit, inverted.
            let factor = spec.units?.conversion(for: entry.unit)?.factor ?? 1
            return ReadType(id: entry.id, name: entry.name, healthKitIdentifier: spec.healthKitIdentifier, unit: entry.unit,
                            metric: spec.metric, scale: 1 / factor)
        }
    }

    /// The type of a canonical catalog metric, in its canonical unit.
    static func catalogType(_ spec: MetricSpec) -> ReadType {
        ReadType(id: spec.metric.rawValue, name: displayName(spec), healthKitIdentifier: spec.healthKitIdentifier,
                 unit: spec.units?.canonical ?? "category", metric: spec.metric, scale: 1)
    }

    /// `HKQuantityTypeIdentifierDietaryEnergyConsumed` → `Dietary Energy Consumed`; a
    /// metric without a HealthKit identifier is named from its canonical name.
    static func displayName(_ spec: MetricSpec) -> String {
        if let identifier = spec.healthKitIdentifier, let range = identifier.range(of: "TypeIdentifier") {
            var words: [String] = []
            var current = ""
            for character in identifier[range.upperBound...] {
                if character.isUppercase, !current.isEmpty, !(current.last?.isUppercase ?? false) {
                    words.append(current)
                    current = ""
                }
                current.append(character)
            }
            if !current.isEmpty { words.append(current) }
            if !words.isEmpty { return words.joined(separator: " ") }
        }
        return spec.metric.rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
