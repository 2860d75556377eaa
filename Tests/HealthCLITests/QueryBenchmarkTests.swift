import Testing
import HealthDomain
@testable import HealthCLI

@Suite struct QueryBenchmarkTests {
    @Test func minimumDaysCoversTheLongestReach() {
        // The 366-day range summary reads 366 days plus the 366 before them.
        #expect(QueryBenchmark.minimumDays == 2 * 366 - 1 + QueryBenchmark.Margin.edge + 1)
        #expect(QueryBenchmark.minimumDays == (QueryBenchmark.Margin.all.max() ?? 0) + 1)
    }

    @Test func everyQueryCanDrawADayAtTheMinimum() {
        let first = DayKey(ordinal: 20_000)
        let last = first.adding(days: QueryBenchmark.minimumDays - 1)
        for margin in QueryBenchmark.Margin.all {
            #expect(QueryBenchmark.drawableDays(first: first, last: last, margin: margin) >= 1)
        }
        let shorter = first.adding(days: QueryBenchmark.minimumDays - 2)
        #expect(QueryBenchmark.drawableDays(first: first, last: shorter, margin: QueryBenchmark.Margin.range366) == 0)
    }

    @Test func daysOptionIsCheckedAgainstTheMinimum() throws {
        let minimum = QueryBenchmark.minimumDays
        #expect(try QueryBenchmark.parse(["--days", "\(minimum)"]).days == minimum)
        #expect(throws: ServeOptions.UsageError.self) { try QueryBenchmark.parse(["--days", "\(minimum - 1)"]) }
        #expect(throws: ServeOptions.UsageError.self) { try QueryBenchmark.parse(["--days", "500"]) }
    }
}
