import Testing
@testable import HealthBench

@Suite struct BenchmarkTableTests {
    @Test func formatKeepsTheSignOfValuesBetweenMinusOneAndZero() {
        #expect(BenchmarkTable.format(-0.44, decimals: 2) == "-0.44")
        #expect(BenchmarkTable.format(-1.3, decimals: 2) == "-1.30")
        #expect(BenchmarkTable.format(-0.004, decimals: 2) == "0.00")
        #expect(BenchmarkTable.format(0.07, decimals: 2) == "0.07")
        #expect(BenchmarkTable.format(-1234.5, decimals: 0) == "-1,235")
        #expect(BenchmarkTable.format(105_432.25) == "105,432.3")
    }

    @Test func percentileIsTheNearestRank() {
        let values = (1...100).map(Double.init)
        #expect(BenchmarkTable.percentile(values, 0.99) == 99)
        #expect(BenchmarkTable.percentile(values, 0.5) == 50)
        #expect(BenchmarkTable.percentile([], 0.5) == 0)
    }
}
