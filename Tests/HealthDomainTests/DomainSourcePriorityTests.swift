import Testing
@testable import HealthDomain

@Suite struct DomainSourcePriorityTests {
    @Test func defaultRanksWatchThenPhoneThenRest() {
        let p = SourcePriority.default
        let watch = p.rank(sourceName: "Jane's Apple Watch", bundleId: "com.apple.health.1")
        let phone = p.rank(sourceName: "Jane’s iPhone", bundleId: nil)
        let other = p.rank(sourceName: "Strava", bundleId: "com.strava.run")
        #expect(watch < phone && phone < other)
        #expect(watch.patternIndex == 0 && phone.patternIndex == 1 && other.patternIndex == 2)
        // Bundle ids count too, and matching ignores case.
        #expect(p.rank(sourceName: nil, bundleId: "com.example.WATCHapp").patternIndex == 0)
        #expect(p.rank(sourceName: nil, bundleId: nil).identity == "unknown")
    }

    @Test func equalPatternRanksAreStillStrictlyOrdered() {
        let p = SourcePriority.default
        let a = p.rank(sourceName: "Apple Watch A", bundleId: nil)
        let b = p.rank(sourceName: "Apple Watch B", bundleId: nil)
        #expect(a < b && !(b < a) && a != b)
    }

    @Test func parsingAndFingerprint() {
        let p = SourcePriority(parsing: " Apple Watch , iPhone,,  ")
        #expect(p.patterns == ["apple watch", "iphone"])
        #expect(p == SourcePriority(patterns: ["APPLE WATCH", "iPhone"]))
        #expect(p.fingerprint == SourcePriority(parsing: "apple watch,iphone").fingerprint)
        #expect(p.fingerprint != SourcePriority(parsing: "iphone,apple watch").fingerprint)
        #expect(SourcePriority(patterns: ["a,b"]).fingerprint != SourcePriority(patterns: ["a", "b"]).fingerprint)
        #expect(SourcePriority.default.fingerprint == "source-priority-v1:watch,phone")
        #expect(SourcePriority(parsing: "").patterns.isEmpty)
    }
}
