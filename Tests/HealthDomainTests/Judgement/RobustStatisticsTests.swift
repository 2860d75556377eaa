import HealthDomain
import Testing

@Suite struct RobustStatisticsTests {
    /// The median of |x − median| by its definition: sort the deviations.
    static func naiveMAD(_ values: [Double]) -> Double? {
        guard let centre = RobustStatistics.median(values) else { return nil }
        return RobustStatistics.median(values.map { abs($0 - centre) })
    }

    @Test func oneSortGivesTheMADOfTheDefinition() {
        var random = SplitMix64(seed: 29)
        for count in 1...40 {
            for round in 0..<25 {
                // Small integers make ties and values equal to the median common; reals do not.
                let values = (0..<count).map { _ in
                    round % 2 == 0 ? Double(random.next() % 9) : Double(random.next() % 1_000_000) / 997
                }
                let both = RobustStatistics.medianAndMAD(values)
                #expect(both?.median == RobustStatistics.median(values))
                #expect(both?.mad == Self.naiveMAD(values), "\(values)")
            }
        }
        #expect(RobustStatistics.medianAndMAD([]) == nil)
        #expect(RobustStatistics.medianAbsoluteDeviation([7]) == 0)
    }
}
