import Testing
@testable import HealthCLI

/// The benchmarks are not in `healthd`: `healthd bench` is a usage error that names
/// `healthd-bench`, and the help does not offer it.
@Suite struct BenchCommandTests {
    @Test func benchIsAUsageErrorAndNotInTheHelp() async {
        #expect(await CommandLineTool.run(["bench", "ingest"], environment: [:]) == 2)
        #expect(await CommandLineTool.run(["bench"], environment: [:]) == 2)
        #expect(!CommandLineTool.help.contains("bench"))
    }
}
