#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HealthCLI

/// `healthd-bench <kind>`: performance measurements that print a table. A tool of its own,
/// so the benchmarks, their generators and their loopback client stay out of `healthd`.
public enum BenchmarkTool {
    /// The usage text.
    public static let help = """
    healthd-bench — benchmarks of healthd that print a table.

    Usage: healthd-bench <kind> [options]

    Kinds:
      ingest    fresh and unchanged samples/s over HTTP into a database of 1M samples
                (healthd-bench ingest --help)
      query     p50/p99 of every summary and query intent on years of history
                (healthd-bench query --help)
      import    records/s, MB/s and peak RSS importing a generated Apple Health export,
                fresh and again (healthd-bench import --help)
      scale     a heavy user's ten years (50M samples) into a server process: ingest, size,
                memory, queries, verify and backup at checkpoints (healthd-bench scale --help)
      healthd   healthd's own command line (healthd-bench healthd serve …), which scale runs
                its server, verify and backup through

    The HTTP load benchmark (wrk against GET /health and an authenticated route) is
    .ci/bench-http. Run benchmarks on the release build: swift run -c release healthd-bench …
    """

    /// Runs a benchmark and returns the process exit status (0 ok, 1 failure, 2 usage).
    public static func run(_ arguments: [String]) async -> Int32 {
        // A kept database (--db) or export (--keep) is health data, as with healthd itself.
        umask(0o077)
        // `nice -n 19 healthd-bench …` must hold for the threads that do the work as well.
        NiceKeeper.shared.start()
        guard let kind = arguments.first, kind != "-h", kind != "--help" else {
            print(help)
            return arguments.isEmpty ? 2 : 0
        }
        let rest = Array(arguments.dropFirst())
        switch kind {
        case "ingest":
            if rest.contains("-h") || rest.contains("--help") { print(IngestBenchmark.help); return 0 }
            do {
                let options = try IngestBenchmark.parse(rest)
                print(try await IngestBenchmark.run(options), terminator: "")
                return 0
            } catch let error as ServeOptions.UsageError {
                CommandLineTool.printError("healthd-bench ingest: \(error)")
                return 2
            } catch {
                CommandLineTool.printError("healthd-bench ingest: \(error)")
                return 1
            }
        case "query":
            if rest.contains("-h") || rest.contains("--help") { print(QueryBenchmark.help); return 0 }
            do {
                let options = try QueryBenchmark.parse(rest)
                print(try await QueryBenchmark.run(options), terminator: "")
                return 0
            } catch let error as ServeOptions.UsageError {
                CommandLineTool.printError("healthd-bench query: \(error)")
                return 2
            } catch {
                CommandLineTool.printError("healthd-bench query: \(error)")
                return 1
            }
        case "import":
            if rest.contains("-h") || rest.contains("--help") { print(ImportBenchmark.help); return 0 }
            do {
                let options = try ImportBenchmark.parse(rest)
                print(try await ImportBenchmark.run(options), terminator: "")
                return 0
            } catch let error as ServeOptions.UsageError {
                CommandLineTool.printError("healthd-bench import: \(error)")
                return 2
            } catch {
                CommandLineTool.printError("healthd-bench import: \(error)")
                return 1
            }
        case "scale":
            if rest.contains("-h") || rest.contains("--help") { print(ScaleBenchmark.help); return 0 }
            do {
                let options = try ScaleBenchmark.parse(rest)
                print(try await ScaleBenchmark.run(options), terminator: "")
                return 0
            } catch let error as ServeOptions.UsageError {
                CommandLineTool.printError("healthd-bench scale: \(error)")
                return 2
            } catch {
                CommandLineTool.printError("healthd-bench scale: \(error)")
                return 1
            }
        case "healthd":
            return await CommandLineTool.run(rest, environment: ProcessInfo.processInfo.environment)
        default:
            CommandLineTool.printError("healthd-bench: unknown kind '\(kind)'\n\n\(help)")
            return 2
        }
    }
}
