import Testing
@testable import HealthDomain

/// Id-less samples at one instant: the derived key of each occurrence, and the counting
/// every adapter shares.
@Suite struct SampleOccurrenceTests {
    /// 2026-04-10T06:00:00Z.
    static let meal: Int64 = 1_775_800_800_000

    static func meal(_ occurrence: Int = 0, source: String = "MyFitnessPal", innerMetric: String? = nil) -> String {
        SampleKey.derived(metric: .dietaryEnergyKcal, source: source, startTimeMs: meal, endTimeMs: meal, innerMetric: innerMetric, occurrence: occurrence)
    }

    @Test func theFirstOccurrenceIsTheKeyStoredBefore() {
        // Computed outside this code (FNV-1a over "dietary_energy_kcal␟MyFitnessPal␟1775800800000␟1775800800000␟",
        // two 64-bit lanes): keys already on disk keep their meaning.
        #expect(Self.meal(0) == "d1-3802f567c04bc18bd6e33101681ab8ed")
        #expect(Self.meal(0) == SampleKey.derived(metric: .dietaryEnergyKcal, source: "MyFitnessPal", startTimeMs: Self.meal, endTimeMs: Self.meal))
        #expect(Self.meal(0, innerMetric: "x") == SampleKey.derived(metric: .dietaryEnergyKcal, source: "MyFitnessPal", startTimeMs: Self.meal,
                                                                    endTimeMs: Self.meal, innerMetric: "x"))
    }

    @Test func laterOccurrencesDifferAndNameTheirBase() {
        let first = Self.meal(0), second = Self.meal(1), third = Self.meal(2)
        #expect(second != first && third != second)
        #expect(second == first + "-1" && third == first + "-2")
        #expect(SampleKey.base(of: second) == first && SampleKey.base(of: third) == first && SampleKey.base(of: first) == first)
        #expect(SampleKey.isDerived(second) && !SampleKey.isDerived("6F1A2B3C-0000-4000-8000-000000000001"))
        // Keys that are not derived here have no occurrence to strip.
        #expect(SampleKey.base(of: "HK-1-2") == "HK-1-2")
        #expect(SampleKey.base(of: "s1-abc-1") == "s1-abc-1")
    }

    @Test func noOccurrenceKeyEqualsAKeyOfOtherFields() {
        var keys: [String] = []
        for source in ["MyFitnessPal", "MyFitnessPal-1", "Lose It!"] {
            for inner in [nil, "1", "-1", "blood_pressure_systolic"] as [String?] {
                for occurrence in 0..<4 { keys.append(Self.meal(occurrence, source: source, innerMetric: inner)) }
            }
        }
        for end in [Self.meal + 1, Self.meal + 60_000] {
            keys.append(SampleKey.derived(metric: .dietaryEnergyKcal, source: "MyFitnessPal", startTimeMs: Self.meal, endTimeMs: end, occurrence: 1))
        }
        keys.append(SampleKey.derived(metric: .stepCount, source: "MyFitnessPal", startTimeMs: Self.meal, endTimeMs: Self.meal, occurrence: 1))
        #expect(Set(keys).count == keys.count)
        // An occurrence never reads as another field: the second entry is not the key of an inner metric "1".
        #expect(Self.meal(1) != Self.meal(0, innerMetric: "1") && Self.meal(1) != Self.meal(0, innerMetric: "-1"))
    }

    @Test func occurrencesAreCountedPerDerivedKeyInOrder() {
        var occurrences = SampleOccurrences()
        let a = Self.meal(0), b = Self.meal(0, source: "Lose It!")
        #expect([a, b, a, a, b].map { occurrences.key(for: $0) } == [a, b, a + "-1", a + "-2", b + "-1"])
        // The same request counted again gives the same keys.
        var again = SampleOccurrences()
        #expect([a, b, a, a, b].map { again.key(for: $0) } == [a, b, a + "-1", a + "-2", b + "-1"])
    }

    @Test func aBoundedCountForgetsTheOldestKeysOnly() {
        var occurrences = SampleOccurrences(remembering: 2)
        let a = Self.meal(0), b = Self.meal(0, source: "B"), c = Self.meal(0, source: "C")
        #expect(occurrences.key(for: a) == a)
        #expect(occurrences.key(for: a) == a + "-1")
        #expect(occurrences.key(for: b) == b)
        #expect(occurrences.key(for: b) == b + "-1")
        // A third key pushes out the oldest, `a`; `b` is still counted.
        #expect(occurrences.key(for: c) == c)
        #expect(occurrences.key(for: b) == b + "-2")
        #expect(occurrences.key(for: a) == a)
    }

    /// The bounded count against a plain model (a dictionary and a ring of the keys
    /// first seen): random streams over few keys, so keys are forgotten, come back and
    /// share clusters of the table.
    @Test(arguments: [1, 2, 3, 7, 64])
    func aBoundedCountAgreesWithAPlainModel(limit: Int) {
        var random = SplitMix64(seed: UInt64(limit))
        var occurrences = SampleOccurrences(remembering: limit)
        var counts: [String: Int] = [:]
        var ring: [String] = []
        var next = 0
        let keys = (0..<(limit * 3 + 2)).map { Self.meal(0, source: "source \($0)") } + ["x", "", "d1-short"]
        for step in 0..<20_000 {
            let base = keys[Int(random.next() % UInt64(keys.count))]
            let seen: Int
            if let count = counts[base] {
                seen = count + 1
                counts[base] = seen
            } else {
                seen = 0
                counts[base] = 0
                if ring.count < limit { ring.append(base) } else {
                    counts[ring[next]] = nil
                    ring[next] = base
                }
                next = (next + 1) % limit
            }
            let expected = seen > 0 ? SampleKey.occurrence(seen, of: base) : base
            let got = occurrences.key(for: base)
            guard got == expected else {
                Issue.record("step \(step): \(got) != \(expected)")
                return
            }
        }
    }

    @Test func theRulesCountOnlySamplesWithoutAnIdentity() throws {
        let rules = SampleRules()
        func draft(_ value: Double, key: String? = nil, unit: String = "kcal") -> SampleDraft {
            SampleDraft(sampleKey: key, metricName: "dietary_energy_consumed", startTimeMs: Self.meal, endTimeMs: Self.meal, value: value,
                        unit: unit, sourceName: "MyFitnessPal", timezone: "UTC")
        }
        var occurrences = SampleOccurrences()
        let keys = [draft(210), draft(145, key: "HK-1"), draft(145, key: "HK-1"), draft(1, unit: "lb"), draft(145)]
            .map { rules.validate($0, occurrences: &occurrences) }
        #expect(keys.map { $0.sample?.sampleKey } == [Self.meal(0), "HK-1", "HK-1", nil, Self.meal(1)])
        // An adapter's own derived key (a blood pressure side) is counted the same way.
        var side = draft(120, unit: "mmHg")
        side.metricName = "blood_pressure_systolic"
        side.derivedKey = Self.meal(0, innerMetric: "blood_pressure_systolic")
        var counted = SampleOccurrences()
        let sides = [side, side].map { rules.validate($0, occurrences: &counted).sample?.sampleKey }
        #expect(sides == [side.derivedKey, side.derivedKey.map { $0 + "-1" }])
    }
}
