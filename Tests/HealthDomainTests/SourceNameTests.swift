import Testing
@testable import HealthDomain

/// Source names as clients spell them: one device, one source.
@Suite struct SourceNameTests {
    @Test func apostrophesAndNoBreakSpacesCompareEqual() {
        #expect(SourceName.normalized("Jane\u{2019}s Apple\u{00A0}Watch") == "Jane's Apple Watch")
        #expect(SourceName.normalized("Jane's Apple Watch") == "Jane's Apple Watch")
        let curly = SampleKey.derived(metric: .stepCount, source: "Jane\u{2019}s iPhone", startTimeMs: 1, endTimeMs: 2)
        let straight = SampleKey.derived(metric: .stepCount, source: "Jane's iPhone", startTimeMs: 1, endTimeMs: 2)
        #expect(curly == straight)
        let a = Sample(sampleKey: "a", metric: .stepCount, startTimeMs: 0, endTimeMs: 1, valueNumber: 1, unit: "count",
                       sourceName: "Jane\u{2019}s Apple\u{202F}Watch", timezone: "UTC")
        #expect(a.sourceIdentity == "Jane's Apple Watch")
        // Stored as sent.
        #expect(a.sourceName == "Jane\u{2019}s Apple\u{202F}Watch")
    }

    @Test func aMergedNameRanksAsItsBestMember() {
        let priority = SourcePriority.default
        #expect(priority.rank(sourceName: "iPhone|Apple Watch", bundleId: nil).patternIndex == 0)
        #expect(priority.rank(sourceName: "Oura|iPhone", bundleId: nil).patternIndex == 1)
        #expect(priority.rank(sourceName: "Oura", bundleId: nil).patternIndex == 2)
    }
}
