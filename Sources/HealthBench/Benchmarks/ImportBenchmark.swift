#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HealthAPI
import HealthCLI
import HealthDomain
import HealthStore

/// `healthd-bench import`: generates a realistic export (``ExportGenerator``), imports it
/// into a fresh database, then imports the same file again, and prints records/s, MB/s
/// of XML, and the peak resident memory of each import.
enum ImportBenchmark {
    static let help = """
    Usage: healthd-bench import [--years N | --size-mb N] [--file PATH] [--keep PATH] [--cache-mib N] [--batch-size N]

    Generates an Apple Health export — a year of Apple Watch and iPhone data (about
    127,000 records, 50 MB of XML) per --years, three GPX-routed workouts a week — and
    imports it twice into a fresh database: fresh, then the same file again.
      --years N      years of history (default 1)
      --size-mb N    generate about N MB of XML instead (e.g. 1024 for the 1 GB variant)
      --file PATH    import this export instead of generating one
      --keep PATH    keep the generated export.zip here
      --cache-mib N  the writer's page cache in MiB (default: healthd import's, 32)
      --batch-size N samples per stored batch (default: healthd import's, 20000)
    Prints records, seconds, records/s, MB/s of XML and peak RSS (the high-water mark,
    reset before each import) for each run. Use the release build.
    """

    struct Options {
        var years = 1
        var file: String?
        var keep: String?
        var cacheMiB: Int?
        var batchSize = AppleHealthImporter.defaultBatchSize
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        while let flag = reader.nextFlag() {
            switch flag {
            case "--years": options.years = try positive(reader.value(), flag)
            case "--size-mb": options.years = max(1, (try positive(reader.value(), flag) + 49) / 50)
            case "--file": options.file = try reader.value()
            case "--keep": options.keep = try reader.value()
            case "--cache-mib": options.cacheMiB = try positive(reader.value(), flag)
            case "--batch-size": options.batchSize = try positive(reader.value(), flag)
            default: throw ServeOptions.UsageError("unknown option \(flag)")
            }
        }
        return options
    }

    static func positive(_ text: String, _ flag: String) throws -> Int {
        guard let value = Int(text), value > 0 else { throw ServeOptions.UsageError("\(flag) takes a positive whole number (got '\(text)')") }
        return value
    }

    static func run(_ options: Options) async throws -> String {
        let folder = NSTemporaryDirectory() + "healthd-bench-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var path = options.file ?? (options.keep ?? folder + "/export.zip")
        var xmlBytes: Int64 = 0
        var header = ""
        if options.file == nil {
            let started = Date()
            let written = try ExportGenerator(years: options.years).write(to: path)
            xmlBytes = written.xmlBytes
            header = "generated \(written.records) records, \(written.workouts) workouts with GPX routes, \(mb(written.xmlBytes)) MB of XML, "
                + "\(mb(written.zipBytes)) MB zipped in \(BenchmarkTable.format(Date().timeIntervalSince(started))) s\n"
        } else {
            path = options.file!
        }

        var configuration = SampleStore.importConfiguration
        if let cache = options.cacheMiB { configuration.cacheSizeKiB = cache * 1024 }
        let opened = try StoreOpener.open(path: folder + "/bench.sqlite", priority: .default, nowMs: AppClock.system.now(),
                                          configuration: configuration)
        defer { opened.store.close() }
        var table = BenchmarkTable(title: "import (\(path.split(separator: "/").last ?? ""), writer cache \(configuration.cacheSizeKiB / 1024) MiB)",
                                   columns: ["run", "records", "seconds", "records/s", "MB/s (XML)", "peak RSS MB", "inserted", "unchanged"])
        for run in ["fresh", "re-import"] {
            resetPeakMemory()
            let started = Date()
            let report = try await AppleHealthImporter.importOnThread(path: path, store: opened.store, batchSize: options.batchSize, now: { AppClock.system.now() })
            let seconds = Date().timeIntervalSince(started)
            let peak = ProcessStats.residentMemory().peak
            let megabytes = xmlBytes > 0 ? Double(xmlBytes) / 1_048_576 / seconds : 0
            table.add([run, "\(report.records)", BenchmarkTable.format(seconds, decimals: 2), "\(Int(Double(report.records) / seconds))",
                       xmlBytes > 0 ? BenchmarkTable.format(megabytes) : "—", "\(peak / 1_048_576)", "\(report.inserted)", "\(report.unchanged)"])
        }
        return header + table.rendered
    }

    /// Resets the resident-set high-water mark (`VmHWM`) so each run reports its own peak
    /// (Linux: writing 5 to /proc/self/clear_refs).
    static func resetPeakMemory() {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return }
        _ = write(fd, "5", 1)
        close(fd)
    }

    static func mb(_ bytes: Int64) -> String { BenchmarkTable.format(Double(bytes) / 1_048_576) }
}
