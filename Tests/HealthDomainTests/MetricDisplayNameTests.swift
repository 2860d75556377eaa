import Testing
@testable import HealthDomain

/// Every metric has a name a person reads, given or taken from its description.
@Suite struct MetricDisplayNameTests {
    @Test func theCoreMetricsHaveReadableNames() {
        let catalog = MetricCatalog.standard
        #expect(catalog.spec(for: .stepCount)?.displayName == "Steps")
        #expect(catalog.spec(for: .restingHeartRateBpm)?.displayName == "Resting heart rate")
        #expect(catalog.spec(for: .bodyMassKg)?.displayName == "Weight")
        #expect(catalog.spec(for: .sleepSegment)?.displayName == "Sleep")
        #expect(catalog.spec(for: "heart_rate_bpm")?.displayName == "Heart rate")
        #expect(catalog.spec(for: "dietary_protein_g")?.displayName == "Dietary protein")
    }

    @Test func everyNameIsShortAndNoIdentifier() {
        var seen: [String: Metric] = [:]
        for spec in MetricCatalog.standard.specs {
            let name = spec.displayName
            #expect(!name.isEmpty && name.count <= 50, "\(spec.metric): \(name)")
            #expect(!name.contains("_") && !name.contains("(category") && !name.hasSuffix("."), "\(spec.metric): \(name)")
            #expect(name.first?.isUppercase == true, "\(spec.metric): \(name)")
            #expect(seen[name] == nil, "\(spec.metric) and \(seen[name]?.rawValue ?? "") share \(name)")
            seen[name] = spec.metric
        }
    }

    @Test func theDescriptionsOpeningWordsAreTheDefault() {
        #expect(MetricSpec.displayName(fromDescription: "Resting heart rate (bpm); a day reports average.") == "Resting heart rate")
        #expect(MetricSpec.displayName(fromDescription: "Handwashing; a day reports sessions.") == "Handwashing")
        #expect(MetricSpec.displayName(fromDescription: "Grip strength. Measured in kg.") == "Grip strength")
        #expect(MetricSpec.displayName(fromDescription: "Plain") == "Plain")
        let custom = MetricSpec("grip_strength_kg", kind: .discrete, units: MetricUnits("kg"), description: "Grip strength (kg).",
                                wording: SummaryWording(headline: .average, label: "grip", textUnit: " kg", order: 99))
        #expect(custom.displayName == "Grip strength")
        let named = MetricSpec("grip_strength_kg", displayName: "Grip", kind: .discrete, units: MetricUnits("kg"), description: "Grip strength (kg).",
                               wording: SummaryWording(headline: .average, label: "grip", textUnit: " kg", order: 99))
        #expect(named.displayName == "Grip")
    }
}
