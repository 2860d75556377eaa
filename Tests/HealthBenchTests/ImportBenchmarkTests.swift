import Testing
@testable import HealthBench
import HealthCLI

@Suite struct ImportBenchmarkTests {
    @Test func optionsNameTheSizeAndTheWritersCache() throws {
        let defaults = try ImportBenchmark.parse([])
        #expect(defaults.years == 1)
        #expect(defaults.cacheMiB == nil)
        let options = try ImportBenchmark.parse(["--size-mb", "1024", "--cache-mib", "128", "--keep", "/tmp/x.zip"])
        #expect(options.years == 21)
        #expect(options.cacheMiB == 128)
        #expect(options.keep == "/tmp/x.zip")
        #expect(throws: ServeOptions.UsageError.self) { try ImportBenchmark.parse(["--cache-mib", "0"]) }
        #expect(throws: ServeOptions.UsageError.self) { try ImportBenchmark.parse(["--cache-mib"]) }
    }

    @Test func theBatchSizeDefaultsToTheImportersAndMustBePositive() throws {
        #expect(try ImportBenchmark.parse([]).batchSize == 20_000)
        #expect(try ImportBenchmark.parse(["--batch-size", "50000"]).batchSize == 50_000)
        #expect(throws: ServeOptions.UsageError.self) { try ImportBenchmark.parse(["--batch-size", "0"]) }
    }
}
