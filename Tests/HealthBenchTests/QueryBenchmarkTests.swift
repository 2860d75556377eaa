import HealthCLI
import HealthDomain
import JSON
import Testing
@testable import HealthBench

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

    @Test func toolCallWrapsTheRouteBodyAsAStatelessClientSendsIt() throws {
        let pair = QueryBenchmark.toolCall(forRouteBody: #"{"intent":"range_summary","from":"2026-01-01","to":"2026-01-31"}"#, id: 7)
        #expect(pair.tool == "range_summary")
        #expect(String(decoding: pair.routeBody, as: UTF8.self).contains(#""intent":"range_summary""#))
        let message = try JSONParser.parse(pair.toolBody)
        #expect(message["method"]?.stringValue == "tools/call")
        #expect(message["id"]?.int64Value == 7)
        #expect(message["params"]?["name"]?.stringValue == "range_summary")
        // The tool's name selects the intent, so the arguments carry everything else only.
        #expect(message["params"]?["arguments"] == ["from": "2026-01-01", "to": "2026-01-31"])
        #expect(message["params"]?["_meta"]?["io.modelcontextprotocol/protocolVersion"]?.stringValue == QueryBenchmark.mcpVersion)
        #expect(message["params"]?["_meta"]?["io.modelcontextprotocol/clientCapabilities"] == [:])
    }
}
