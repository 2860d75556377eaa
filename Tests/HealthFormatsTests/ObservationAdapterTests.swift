import HealthDomain
@testable import HealthFormats
import JSON
import Testing

/// Mapping one observation (slug, LOINC, metadata) onto a sample draft, and through the
/// shared sample rules.
@Suite struct ObservationAdapterTests {
    let adapter = ObservationAdapter(catalog: .standard, timezone: "Europe/Berlin")
    let rules = SampleRules(catalog: .standard)

    func observation(_ members: [String: JSONValue]) -> JSONValue {
        var base: [String: JSONValue] = [
            "xuser_id": "550e8400-e29b-41d4-a716-446655440000", "effective_datetime": "2026-04-04T14:30:00Z",
            "value_quantity": 72, "value_unit": "bpm", "source_slug": "apple_health",
        ]
        for (key, value) in members { base[key] = value }
        return .object(base)
    }

    func sample(_ members: [String: JSONValue]) -> Sample? {
        if case .valid(let sample) = rules.validate(adapter.draft(observation(members))) { return sample }
        return nil
    }

    @Test func slugResolvesThroughTheCatalog() throws {
        let s = try #require(sample(["biosignal_slug": "Heart Rate"]))
        #expect(s.metric.rawValue == "heart_rate_bpm")
        #expect(s.startTimeMs == 1_775_313_000_000 && s.endTimeMs == s.startTimeMs)
        #expect(s.timezone == "Europe/Berlin")
        #expect(s.sourceName == "apple_health")
    }

    @Test func metadataTypeWinsOverTheSlugInBothSpellings() throws {
        for hkType in ["HKQuantityTypeIdentifierRestingHeartRate", "HKQuantityTypeIdentifier.restingHeartRate"] {
            let s = try #require(sample(["biosignal_slug": "Heart Rate", "metadata": ["hk_type": .string(hkType), "hk_source": "Watch"]]))
            #expect(s.metric == .restingHeartRateBpm)
            #expect(s.sourceName == "Watch")
        }
    }

    @Test func sourceIsHkSourceThenHkDeviceThenSourceSlug() throws {
        #expect(sample(["biosignal_slug": "Heart Rate", "metadata": ["hk_device": "Apple Watch Series 9"]])?.sourceName == "Apple Watch Series 9")
        #expect(sample(["biosignal_slug": "Heart Rate", "metadata": ["hk_source": "com.apple.health", "hk_device": "W"]])?.device == "W")
    }

    @Test func bloodPressureSidesGetDistinctKeys() throws {
        let systolic = try #require(sample(["biosignal_slug": "Blood Pressure", "loinc_code": "8480-6", "value_quantity": 120, "value_unit": "mmHg"]))
        let diastolic = try #require(sample(["biosignal_slug": "Blood Pressure", "loinc_code": "8462-4", "value_quantity": 80, "value_unit": "mmHg"]))
        #expect(systolic.categoryValue == "systolic" && diastolic.categoryValue == "diastolic")
        #expect(systolic.sampleKey != diastolic.sampleKey)
    }

    @Test func keyIsTheSharedDerivedKeyAndIgnoresTheValue() throws {
        let a = try #require(sample(["biosignal_slug": "Heart Rate", "value_quantity": 72]))
        let b = try #require(sample(["biosignal_slug": "8867-4", "value_quantity": 80]))
        #expect(a.sampleKey == b.sampleKey)
        #expect(a.sampleKey == SampleKey.derived(metric: a.metric, source: "apple_health", startTimeMs: a.startTimeMs, endTimeMs: a.endTimeMs))
    }

    @Test func problemsAreNamedInTheBatchsTerms() {
        let unknown = adapter.draft(observation(["biosignal_slug": "invalid_type"]))
        #expect(unknown.issues.map(\.message) == ["Unknown biosignal_slug: invalid_type"])
        guard case .invalid(let issues) = rules.validate(adapter.draft(observation(["biosignal_slug": "Heart Rate", "effective_datetime": "yesterday"]))) else {
            Issue.record("a malformed time must be refused")
            return
        }
        #expect(issues.map(\.field) == ["effective_datetime"])
        guard case .invalid(let unit) = rules.validate(adapter.draft(observation(["biosignal_slug": "Heart Rate", "value_unit": "kg"]))) else {
            Issue.record("a wrong unit must be refused")
            return
        }
        #expect(unit.map(\.field) == ["value_unit"])
    }
}
