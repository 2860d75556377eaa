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
}
