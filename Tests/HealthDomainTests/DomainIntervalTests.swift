import Testing
@testable import HealthDomain

@Suite struct DomainIntervalTests {
    func i(_ s: Int64, _ e: Int64) -> Interval { Interval(start: s, end: e) }

    @Test func unionMergesOverlapsAndTouchingRuns() {
        let set = IntervalSet([i(50, 60), i(0, 10), i(5, 20), i(20, 30), i(40, 40), i(55, 58)])
        #expect(set.runs == [i(0, 30), i(50, 60)])
        #expect(set.totalLength == 40)
        #expect(set.start == 0 && set.end == 60)
    }

    @Test func overlapLengthWithHalfOpenInterval() {
        let set = IntervalSet([i(0, 10), i(20, 30), i(40, 50)])
        #expect(set.overlapLength(with: i(5, 45)) == 5 + 10 + 5)
        #expect(set.overlapLength(with: i(10, 20)) == 0)
        #expect(set.overlapLength(with: i(-5, 100)) == 30)
        #expect(set.overlapLength(with: i(25, 25)) == 0)
        #expect(IntervalSet().overlapLength(with: i(0, 10)) == 0)
    }

    @Test func containsIsHalfOpen() {
        let set = IntervalSet([i(0, 10), i(20, 30)])
        #expect(set.contains(0) && set.contains(9) && set.contains(20))
        #expect(!set.contains(10) && !set.contains(15) && !set.contains(30) && !set.contains(-1))
    }

    @Test func formUnionAndInsert() {
        var set = IntervalSet([i(0, 10), i(30, 40)])
        set.formUnion(IntervalSet([i(5, 12), i(20, 25), i(38, 50)]))
        #expect(set.runs == [i(0, 12), i(20, 25), i(30, 50)])
        set.insert(i(12, 20))
        #expect(set.runs == [i(0, 25), i(30, 50)])
        set.insert(i(100, 100))
        #expect(set.runs.count == 2)
        #expect(i(10, 5).isEmpty)
        #expect(i(0, 10).intersection(i(10, 20)) == nil)
        #expect(i(0, 10).intersection(i(5, 20)) == i(5, 10))
    }

    @Test func unionMatchesBruteForce() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let intervals = (0..<Int(rng.next() % 12)).map { _ -> Interval in
                let s = Int64(rng.next() % 100)
                return i(s, s + Int64(rng.next() % 20))
            }
            let set = IntervalSet(intervals)
            let covered = (0..<130).filter { t in intervals.contains { $0.contains(Int64(t)) } }
            #expect(set.totalLength == Int64(covered.count))
            let probe = i(Int64(rng.next() % 100), Int64(rng.next() % 100) + 30)
            let expected = covered.filter { probe.contains(Int64($0)) }.count
            #expect(set.overlapLength(with: probe) == Int64(expected))
        }
    }
}

