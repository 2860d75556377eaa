import Testing
import HealthDomain
@testable import HealthStore

/// The days one recomputation reads together: consecutive ones, never more than the limit.
@Suite struct ConsecutiveRunsTests {
    static func days(_ ordinals: [Int]) -> [DayKey] { ordinals.map { DayKey(ordinal: $0) } }
    static func ordinals(_ runs: [[DayKey]]) -> [[Int]] { runs.map { $0.map(\.ordinal) } }

    @Test func gapsSplitRuns() {
        #expect(Self.ordinals(SampleStore.consecutiveRuns(Self.days([1, 2, 3, 7, 8]))) == [[1, 2, 3], [7, 8]])
    }

    @Test func aLongRunIsReadInPiecesOfTheLimit() {
        let runs = SampleStore.consecutiveRuns(Self.days(Array(100..<120)), atMost: 8)
        #expect(Self.ordinals(runs) == [Array(100..<108), Array(108..<116), Array(116..<120)])
        #expect(Self.ordinals(SampleStore.consecutiveRuns(Self.days([1, 2, 3, 7, 8]), atMost: 2)) == [[1, 2], [3], [7, 8]])
    }
}
