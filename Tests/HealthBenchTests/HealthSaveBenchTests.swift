import HealthCLI
import Testing
@testable import HealthBench

/// `healthd-bench ingest --format healthsave`: options and a miniature run, so the
/// batches it posts are known to be accepted (every request must answer 200).
@Suite struct HealthSaveBenchTests {
    @Test func formatOptionDefaultsToTheSyncPrefill() throws {
        let options = try IngestBenchmark.parse(["--format", "healthsave"])
        #expect(options.format == .healthsave)
        #expect(options.scenarios == [.sync])
        #expect(throws: ServeOptions.UsageError.self) { try IngestBenchmark.parse(["--format", "xml"]) }
    }

    @Test func alternatesV1HeartRateAndV2StepBatches() {
        var batches = HealthSaveBenchBatches()
        let first = batches.next(3), second = batches.next(3), third = batches.next(3)
        #expect(first.path == "/api/apple/batch")
        #expect(second.path == "/api/v2/apple/batch")
        #expect(third.path == "/api/apple/batch")
        #expect(first.body != third.body)
    }

    @Test func miniatureRunPostsAcceptedBatches() async throws {
        let options = try IngestBenchmark.parse(["--format", "healthsave", "--prefill", "0", "--batches", "2", "--batch-size", "20", "--connections", "1"])
        let table = try await IngestBenchmark.run(options)
        #expect(table.contains("fresh samples"))
    }
}
