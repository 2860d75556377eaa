#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HealthAPI
import HealthCLI
import HealthDomain
import HealthTesting

/// `healthd-bench scale`: a lifetime on one machine. Streams a heavy user's ten years
/// (``LifetimeHistory``) over HTTP into `healthd serve` running as a process of its own,
/// and at each checkpoint measures ingest, storage, the server's memory, the queries an
/// agent asks, `healthd verify`, and `healthd backup` with ingest going on meanwhile.
enum ScaleBenchmark {
    static let help = """
    Usage: healthd-bench scale [--samples N] [--checkpoints LIST] [--db PATH] [--batch-size N]
                               [--connections N] [--iterations N] [--backup-ingest N] [--export-gb N]
                               [--seed N] [--healthd PATH]

    A heavy user's ten years (2016–2025, about 14,000 samples a day, some 52 million in all:
    heart rate every 5 minutes and every 5 seconds in daily runs and rides, the Watch's and
    the iPhone's steps, energy and distance, sleep stages, HRV, weighings, itemised meals;
    Berlin's DST changes and a trip to Tokyo) posted in time order to POST /health/ingest on
    a healthd server in its own process. At each checkpoint it prints: ingest samples/s over
    the last million samples, database bytes per sample, the server's peak RSS, the server
    time (p50/p99) of the daily summary, a 366-day range summary, metric_series by week over
    ten years, a 92-night sleep_report and readiness, then the wall time of healthd verify
    and of healthd backup, and the slowest ingest request answered while the backup ran.

      --samples N        samples in all (default 50000000)
      --checkpoints L    where to stop and measure, in millions (default 1,10,25,50; those
                         below --samples, then --samples itself); with --checkpoints alone,
                         --samples is the last
      --db PATH          keep the database here (it must not exist yet)
      --batch-size N     samples per request (default 1000)
      --connections N    keep-alive connections posting at once (default 2)
      --iterations N     requests per query at each checkpoint (default 100)
      --backup-ingest N  samples/s posted on one connection while the backup runs (default
                         10000; every batch waits for its answer, so the rate is an upper bound)
      --export-gb N      then generate an Apple Health export of about N GB of XML and import
                         it through POST /health/import into the same server: records/s and
                         the server's peak RSS during the import
      --seed N           the history's seed (default 1)
      --healthd PATH     run this healthd binary (serve, verify, backup); by default this
                         tool runs its own copy of healthd's command line (healthd-bench healthd …)

    Use the release build, in the background: 5 million samples took 13 minutes niced on
    two shared cores, so the full 50 million takes a few hours there:
      swift run -c release healthd-bench scale > scale.txt 2> scale.log &
    """

    struct Options: Equatable {
        var samples = 50_000_000
        /// Sample counts at which to measure, increasing; the last is `samples`.
        var checkpoints = [1_000_000, 10_000_000, 25_000_000, 50_000_000]
        var databasePath: String?
        var batchSize = 1_000
        var connections = 2
        var iterations = 100
        var backupIngestRate = 10_000
        var exportGigabytes = 0.0
        var seed: UInt64 = 1
        /// The executable (and arguments) that stand for `healthd`; nil: this tool's own `healthd` kind.
        var healthd: [String]?
    }

    /// A step of the run failed: a command exited with an error, a request was refused.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let defaultCheckpointMillions: [Double] = [1, 10, 25, 50]

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        var samples: Int?
        var millions: [Double]?
        func count(_ text: String) throws -> Int {
            guard let n = Int(text.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: ",", with: "")), n > 0 else {
                throw ServeOptions.UsageError("\(reader.flag) takes a positive whole number (got '\(text)')")
            }
            return n
        }
        while let flag = reader.nextFlag() {
            switch flag {
            case "--samples": samples = try count(reader.value())
            case "--checkpoints":
                let text = try reader.value()
                let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) > 0 && ($0 ?? 0).isFinite }) else {
                    throw ServeOptions.UsageError("--checkpoints takes positive numbers of millions separated by commas, e.g. 1,10,25,50 (got '\(text)')")
                }
                let list = values.map { $0! }
                guard zip(list, list.dropFirst()).allSatisfy({ $0 < $1 }) else {
                    throw ServeOptions.UsageError("--checkpoints must increase (got '\(text)')")
                }
                millions = list
            case "--db": options.databasePath = try reader.value()
            case "--batch-size":
                let n = try count(reader.value())
                guard n <= Limits.samplesPerIngest else { throw ServeOptions.UsageError("--batch-size is at most \(Limits.samplesPerIngest), the samples one request may carry") }
                options.batchSize = n
            case "--connections":
                let n = try count(reader.value())
                guard n <= 16 else { throw ServeOptions.UsageError("--connections is at most 16") }
                options.connections = n
            case "--iterations": options.iterations = try count(reader.value())
            case "--backup-ingest":
                let text = try reader.value()
                guard let n = Int(text), n >= 0 else { throw ServeOptions.UsageError("--backup-ingest takes samples per second, 0 or more (got '\(text)')") }
                options.backupIngestRate = n
            case "--export-gb":
                let text = try reader.value()
                guard let gb = Double(text), gb > 0, gb <= 64 else { throw ServeOptions.UsageError("--export-gb takes a size in GB above 0, at most 64 (got '\(text)')") }
                options.exportGigabytes = gb
            case "--seed":
                let text = try reader.value()
                guard let seed = UInt64(text) else { throw ServeOptions.UsageError("--seed takes a whole number (got '\(text)')") }
                options.seed = seed
            case "--healthd": options.healthd = [try reader.value()]
            default: throw ServeOptions.UsageError("unknown option '\(flag)' (see healthd-bench scale --help)")
            }
        }
        let given = millions.map { $0.map { Int(($0 * 1_000_000).rounded()) } }
        if let given, given.contains(0) { throw ServeOptions.UsageError("--checkpoints are in millions of samples; each must be at least one sample") }
        options.samples = samples ?? given?.last ?? options.samples
        if let given {
            if let beyond = given.first(where: { $0 > options.samples }) {
                throw ServeOptions.UsageError("the checkpoint at \(BenchmarkTable.grouped(beyond)) samples is beyond --samples \(BenchmarkTable.grouped(options.samples))")
            }
            options.checkpoints = given
        } else {
            options.checkpoints = defaultCheckpointMillions.map { Int($0 * 1_000_000) }.filter { $0 < options.samples }
        }
        if options.checkpoints.last != options.samples { options.checkpoints.append(options.samples) }
        return options
    }

    /// The command that stands for `healthd` when `--healthd` is not given: this very
    /// executable's `healthd` kind, so the server is the code this tool was built from.
    static func ownHealthd() -> [String] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        return [path, "healthd"]
    }
}
