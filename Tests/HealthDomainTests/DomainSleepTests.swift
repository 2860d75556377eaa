import HealthTesting
import Testing
@testable import HealthDomain

@Suite struct DomainSleepTests {
    let clock = DomainFixtures.clock
    typealias F = DomainFixtures
    let night = DayKey("2026-04-11")!

    func seg(_ key: String, _ category: SleepCategory, _ from: (String, Int64, Int64), _ to: (String, Int64, Int64),
             source: String = "Jane's Apple Watch") -> Sample {
        F.sample(key, .sleepSegment, F.local(from.0, from.1, from.2), F.local(to.0, to.1, to.2), category: category, source: source)
    }

    var watchNight: [Sample] {
        [
            seg("coarse", .asleep, ("2026-04-10", 23, 10), ("2026-04-11", 6, 45)),
            seg("c1", .asleepCore, ("2026-04-10", 23, 10), ("2026-04-11", 1, 0)),
            seg("d1", .asleepDeep, ("2026-04-11", 1, 0), ("2026-04-11", 2, 0)),
            seg("r1", .asleepREM, ("2026-04-11", 2, 0), ("2026-04-11", 3, 0)),
            seg("c2", .asleepCore, ("2026-04-11", 3, 0), ("2026-04-11", 6, 45)),
            seg("bed", .inBed, ("2026-04-10", 23, 0), ("2026-04-11", 7, 0)),
        ]
    }

    func aggregate(_ samples: [Sample], priority: SourcePriority = .default) -> SleepNight? {
        guard case .sleep(let n)? = DayAggregator.aggregate(
            metric: .sleepSegment, day: night, samples: samples, priority: priority, clock: clock)
        else { return nil }
        return n
    }

    @Test func stagesSupersedeCoarseAsleep() throws {
        let n = try #require(aggregate(watchNight))
        #expect(n.coreMinutes == 110 + 225)
        #expect(n.deepMinutes == 60)
        #expect(n.remMinutes == 60)
        #expect(n.unspecifiedMinutes == 0)
        #expect(n.asleepMinutes == 455)
        #expect(n.inBedMinutes == 480)
        #expect(n.sleepStart == F.local("2026-04-10", 23, 10))
        #expect(n.sleepEnd == F.local("2026-04-11", 6, 45))
        #expect(n.sampleCount == 6)
        let json = n.json
        #expect(json["asleepMinutes"] == .number(455))
        #expect(json["source"] == .string("Jane's Apple Watch"))
    }

    @Test func coarseOnlyNightIsUnspecified() throws {
        let n = try #require(aggregate([
            seg("a", .asleep, ("2026-04-10", 23, 10), ("2026-04-11", 3, 0), source: "RingConn"),
            seg("b", .awake, ("2026-04-11", 3, 0), ("2026-04-11", 3, 20), source: "RingConn"),
            seg("c", .asleep, ("2026-04-11", 3, 20), ("2026-04-11", 6, 45), source: "RingConn"),
        ]))
        #expect(n.unspecifiedMinutes == 230 + 205)
        #expect(n.asleepMinutes == 435)
        #expect(n.deepMinutes + n.remMinutes + n.coreMinutes == 0)
        #expect(n.awakeMinutes == 20)
        #expect(n.source == "RingConn")
    }

    @Test func stagedSourceWinsOverCoarseSource() throws {
        let ring = [seg("ring", .asleep, ("2026-04-10", 22, 30), ("2026-04-11", 7, 0), source: "RingConn")]
        // Even when the ring is ranked first, stage data decides.
        for priority in [SourcePriority.default, SourcePriority(parsing: "ring, watch")] {
            let n = try #require(aggregate(ring + watchNight, priority: priority))
            #expect(n.source == "Jane's Apple Watch")
            #expect(n.asleepMinutes == 455)
        }
        let n = try #require(aggregate(ring + watchNight))
        #expect(n.sources == ["Jane's Apple Watch", "RingConn"])
        #expect(n.sampleCount == 7)
    }

    @Test func asleepDataBeatsInBedOnlySource() throws {
        let phone = [seg("p", .inBed, ("2026-04-10", 22, 0), ("2026-04-11", 7, 0), source: "Jane's iPhone")]
        let ring = [seg("r", .asleep, ("2026-04-10", 23, 0), ("2026-04-11", 6, 0), source: "RingConn")]
        #expect(try #require(aggregate(phone + ring)).source == "RingConn")
        let inBedOnly = try #require(aggregate(phone))
        #expect(inBedOnly.asleepMinutes == 0 && inBedOnly.inBedMinutes == 540)
        #expect(inBedOnly.sleepStart == nil && inBedOnly.json["sleepStart"] == .null)
    }

    @Test func overlappingSegmentsOfOneStageAreMerged() throws {
        let n = try #require(aggregate([
            seg("a", .asleepCore, ("2026-04-11", 1, 0), ("2026-04-11", 2, 0)),
            seg("b", .asleepCore, ("2026-04-11", 1, 30), ("2026-04-11", 2, 30)),
            seg("c", .asleepCore, ("2026-04-11", 1, 0), ("2026-04-11", 2, 0)),  // duplicate re-send under a new key
        ]))
        #expect(n.coreMinutes == 90)
        #expect(n.asleepMinutes == 90)
    }

    @Test func segmentsOfOtherNightsAreIgnored() {
        let nap = seg("nap", .asleep, ("2026-04-11", 18, 10), ("2026-04-11", 19, 0))  // → night of the 12th
        #expect(aggregate([nap]) == nil)
    }

    @Test func minutesInvariantHoldsWithOddSeconds() throws {
        let base = F.local("2026-04-11", 1)
        let n = try #require(aggregate([
            F.sample("a", .sleepSegment, base, base + 90_000 + 29_999, category: .asleepDeep, source: "W"),
            F.sample("b", .sleepSegment, base + 200_000, base + 290_000, category: .asleepREM, source: "W"),
            F.sample("c", .sleepSegment, base + 300_000, base + 331_000, category: .asleepCore, source: "W"),
        ]))
        #expect(n.asleepMinutes == n.deepMinutes + n.remMinutes + n.coreMinutes + n.unspecifiedMinutes)
        #expect([n.deepMinutes, n.remMinutes, n.coreMinutes] == [2, 2, 1])
    }
}
