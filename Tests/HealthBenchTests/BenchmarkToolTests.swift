import Testing
@testable import HealthBench

/// `healthd-bench` itself: its kinds and usage errors, before anything is measured.
@Suite struct BenchmarkToolTests {
    @Test func helpListsEveryKind() async {
        #expect(await BenchmarkTool.run(["--help"]) == 0)
        for kind in ["ingest", "query", "import"] {
            #expect(BenchmarkTool.help.contains("healthd-bench \(kind) --help"))
            #expect(await BenchmarkTool.run([kind, "--help"]) == 0)
        }
    }

    @Test func unknownKindsAndOptionsAreUsageErrors() async {
        #expect(await BenchmarkTool.run([]) == 2)
        #expect(await BenchmarkTool.run(["http"]) == 2)
        #expect(await BenchmarkTool.run(["ingest", "--bogus"]) == 2)
        #expect(await BenchmarkTool.run(["query", "--days", "10"]) == 2)
        #expect(await BenchmarkTool.run(["import", "--years", "0"]) == 2)
    }
}
