import HealthCLI
import Testing
@testable import HealthBench

/// `healthd-bench scale`'s options: checkpoints in millions, --samples, and what is refused.
@Suite struct ScaleOptionsTests {
    @Test func defaultsAreFiftyMillionWithFourCheckpoints() throws {
        let options = try ScaleBenchmark.parse([])
        #expect(options.samples == 50_000_000)
        #expect(options.checkpoints == [1_000_000, 10_000_000, 25_000_000, 50_000_000])
        #expect(options.batchSize == 1_000 && options.connections == 2 && options.iterations == 100)
        #expect(options.databasePath == nil && options.healthd == nil && options.exportGigabytes == 0)
    }

    @Test func checkpointsAloneSetTheTotal() throws {
        let options = try ScaleBenchmark.parse(["--checkpoints", "1,2.5,5"])
        #expect(options.samples == 5_000_000)
        #expect(options.checkpoints == [1_000_000, 2_500_000, 5_000_000])
    }

    @Test func samplesAloneKeepTheDefaultCheckpointsBelowThem() throws {
        #expect(try ScaleBenchmark.parse(["--samples", "12000000"]).checkpoints == [1_000_000, 10_000_000, 12_000_000])
        #expect(try ScaleBenchmark.parse(["--samples", "5_000_000"]).checkpoints == [1_000_000, 5_000_000])
        #expect(try ScaleBenchmark.parse(["--samples", "800000"]).checkpoints == [800_000])
    }

    @Test func bothTogetherEndAtTheTotal() throws {
        let small = try ScaleBenchmark.parse(["--samples", "20000", "--checkpoints", "0.005,0.01,0.02"])
        #expect(small.checkpoints == [5_000, 10_000, 20_000])
        let appended = try ScaleBenchmark.parse(["--samples=30000", "--checkpoints=0.005,0.01"])
        #expect(appended.checkpoints == [5_000, 10_000, 30_000])
    }

    @Test func theOtherOptionsAreRead() throws {
        let options = try ScaleBenchmark.parse(["--db", "/tmp/x.sqlite", "--batch-size", "500", "--connections", "1", "--iterations", "7",
                                                "--backup-ingest", "0", "--export-gb", "1.5", "--seed", "9", "--healthd", "/usr/bin/healthd"])
        #expect(options.databasePath == "/tmp/x.sqlite")
        #expect(options.batchSize == 500 && options.connections == 1 && options.iterations == 7)
        #expect(options.backupIngestRate == 0 && options.exportGigabytes == 1.5 && options.seed == 9)
        #expect(options.healthd == ["/usr/bin/healthd"])
        #expect(ScaleBenchmark.ownHealthd().last == "healthd")
    }

    @Test(arguments: [
        ["--samples", "0"], ["--samples", "many"], ["--samples", "-5"],
        ["--checkpoints", "5,1"], ["--checkpoints", "1,1"], ["--checkpoints", "0,1"], ["--checkpoints", "1,,2"], ["--checkpoints", "a"],
        ["--checkpoints", "0.0000001"], ["--samples", "20000", "--checkpoints", "0.005,0.03"],
        ["--batch-size", "10001"], ["--connections", "17"], ["--iterations", "0"], ["--backup-ingest", "-1"],
        ["--export-gb", "0"], ["--export-gb", "65"], ["--seed", "x"], ["--samples"], ["--fast"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) {
        #expect(throws: ServeOptions.UsageError.self) { try ScaleBenchmark.parse(arguments) }
    }

    @Test func theToolKnowsTheKind() async {
        #expect(BenchmarkTool.help.contains("healthd-bench scale --help"))
        #expect(await BenchmarkTool.run(["scale", "--help"]) == 0)
        #expect(await BenchmarkTool.run(["scale", "--bogus"]) == 2)
        #expect(await BenchmarkTool.run(["healthd", "version"]) == 0)
    }
}
