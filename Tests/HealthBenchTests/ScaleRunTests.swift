import HealthTesting
import Testing
@testable import HealthBench

/// A miniature `healthd-bench scale`: 20,000 samples with checkpoints at 5,000, 10,000
/// and 20,000 against the built healthd binary, every figure measured and every cell of
/// both tables filled.
@Suite struct ScaleRunTests {
    @Test func aMiniatureRunFillsEveryCell() async throws {
        var options = try ScaleBenchmark.parse(["--samples", "20000", "--checkpoints", "0.005,0.01,0.02", "--iterations", "5",
                                                "--batch-size", "500", "--backup-ingest", "1000"])
        options.healthd = [ServerProcess.binaryPath]
        let outcome = try await ScaleBenchmark.execute(options)

        #expect(outcome.checkpoints.map(\.samples) == [5_000, 10_000, 20_000])
        for c in outcome.checkpoints {
            #expect(c.stored == c.samples, "every acknowledged sample is stored")
            #expect(c.ingestRate > 0 && c.rateWindow > 0 && c.ingestP99 > 0)
            #expect(c.databaseBytes > 0 && c.serverPeakRSS > 0)
            #expect(c.consistent, "\(c.verifyReport)")
            #expect(c.verifySeconds > 0 && c.backupSeconds > 0)
            #expect(c.backupRequests >= 1 && c.backupSamples == c.backupRequests * 500 && c.backupSlowestMs > 0)
            #expect(c.queries.map(\.name) == ScaleBenchmark.queryNames)
            #expect(c.queries.allSatisfy { $0.p50 > 0 && $0.p99 >= $0.p50 })
        }
        // The backup's ingest counts toward the next stretch, whose rate window is what is left.
        #expect(outcome.checkpoints[1].rateWindow == 5_000 - outcome.checkpoints[0].backupSamples)
        let total = 20_000 + outcome.checkpoints[2].backupSamples
        #expect(outcome.inserted == total)

        let text = ScaleBenchmark.report(outcome, options)
        print(text)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| 5,000 ") || $0.hasPrefix("| 10,000 ") || $0.hasPrefix("| 20,000 ") }
        #expect(rows.count == 6, "three rows in each table")
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count == 9 || cells.count == 6, "\(row)")
            #expect(cells.allSatisfy { !$0.isEmpty && $0 != "0.0" && $0 != "0.00 / 0.00" }, "\(row)")
        }
        #expect(text.contains("20,000 samples at the last checkpoint"))
        #expect(!text.contains("INCONSISTENT"))
    }
}
