import Foundation
import HealthAPI
import HealthCLI
import HealthDomain
import HealthTesting

extension ScaleBenchmark {
    /// One checkpoint's figures.
    struct Checkpoint: Sendable {
        /// Samples acknowledged when the checkpoint was reached (before the backup's ingest).
        var samples: Int
        /// The last day of the history ingested in full.
        var lastDay: DayKey?
        /// Samples/s over the last `rateWindow` samples before the checkpoint.
        var ingestRate: Double
        var rateWindow: Int
        /// Client-measured latency of the stretch's requests, ms.
        var ingestP99: Double
        var ingestMax: Double
        /// Samples the database holds (counted at the checkpoint).
        var stored: Int
        /// The database file once its write-ahead log was folded in, and the log's size before.
        var databaseBytes: Int
        var walBytes: Int
        var serverPeakRSS: Int
        var queries: [QueryTiming]
        var verifySeconds: Double
        var consistent: Bool
        var verifyReport: String
        var backupSeconds: Double
        /// Requests and samples answered while the backup ran, and the slowest request, ms.
        var backupRequests: Int
        var backupSamples: Int
        var backupSlowestMs: Double
    }

    /// Everything a run measured.
    struct Outcome: Sendable {
        var checkpoints: [Checkpoint]
        var export: ExportImport?
        /// Wall time of the whole run and of the ingest stretches alone.
        var seconds: Double
        var ingestSeconds: Double
        var inserted: Int
        var historyEnded: Bool
        var databasePath: String?
    }

    static func run(_ options: Options) async throws -> String {
        report(try await execute(options), options)
    }

    /// Starts the server, measures every checkpoint (and the export import), stops the server.
    static func execute(_ options: Options) async throws -> Outcome {
        if let path = options.databasePath, FileManager.default.fileExists(atPath: path) {
            throw ServeOptions.UsageError("--db \(path) exists already; the benchmark fills a database from empty")
        }
        let folder = NSTemporaryDirectory() + "healthd-bench-scale-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = options.databasePath ?? folder + "/scale.sqlite"
        let healthd = options.healthd ?? ownHealthd()
        let token = TokenProvider.generate()
        let logPath = folder + "/server.log"
        let server = try await ScaleServer.start(command: healthd, database: database, token: token, logPath: logPath)
        do {
            let outcome = try await measure(options, server: server, healthd: healthd, database: database, folder: folder, token: token)
            let status = await server.stop()
            guard status == 0 else { throw Failure(description: "the server exited \(status): \(serverLog(logPath))") }
            return outcome
        } catch {
            await server.stop()
            throw Failure(description: "\(error)\(serverLog(logPath).isEmpty ? "" : "\nserver log: \(serverLog(logPath))")")
        }
    }

    static func serverLog(_ path: String) -> String {
        String(((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").suffix(2_000))
    }

    static func measure(_ options: Options, server: ScaleServer, healthd: [String], database: String, folder: String, token: String) async throws -> Outcome {
        let history = LifetimeHistory(seed: options.seed)
        let feed = ScaleIngestFeed(stream: LifetimeSampleStream(history: history))
        let runStarted = AppClock.monotonicNanoseconds()
        var checkpoints: [Checkpoint] = []
        var ingestSeconds = 0.0
        var ended = false
        for target in options.checkpoints {
            // 1. Ingest up to the checkpoint, reporting progress now and then.
            let started = AppClock.monotonicNanoseconds()
            feed.begin(limit: target, at: started)
            let progress = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 30_000_000_000)
                    if Task.isCancelled { break }
                    let (done, day) = feed.state.withLock { ($0.acknowledged, $0.stream.lastCompleteDay) }
                    let rate = feed.recentRate(window: 1_000_000).rate
                    CommandLineTool.printError("scale: \(BenchmarkTable.grouped(done)) samples, history to \(day.map(\.description) ?? "its first day"), \(BenchmarkTable.format(rate, decimals: 0))/s")
                }
            }
            defer { progress.cancel() }
            try await pump(feed, port: server.port, token: token, batchSize: options.batchSize, connections: options.connections)
            progress.cancel()
            ingestSeconds += seconds(since: started)
            let (rate, window) = feed.recentRate(window: 1_000_000)
            let (acknowledged, latencies, lastDay, exhausted) = feed.state.withLock { ($0.acknowledged, $0.latencies, $0.stream.lastCompleteDay, $0.stream.isExhausted) }
            let walBefore = ProcessStats.fileSize(database + "-wal")
            let stored = try await blocking { try checkpointAndCount(database: database) }
            let databaseBytes = ProcessStats.fileSize(database)
            CommandLineTool.printError("scale: checkpoint \(BenchmarkTable.grouped(acknowledged)) samples, \(BenchmarkTable.format(rate, decimals: 0))/s; timing queries")

            // 2. The queries, on the history so far.
            let first = history.firstDay
            let last = lastDay ?? first
            let port = server.port, iterations = options.iterations
            let queries = try await blocking {
                try timeQueries(port: port, token: token, iterations: iterations, first: first, last: last, zone: history.base.homeZone)
            }
            let peak = server.residentMemory.peak

            // 3. verify, then backup with ingest going on.
            CommandLineTool.printError("scale: healthd verify")
            let verified = try await verify(healthd, database: database)
            CommandLineTool.printError("scale: healthd backup (verify took \(BenchmarkTable.format(verified.seconds)) s)")
            let backup = try await backup(healthd, database: database, target: folder + "/backup.sqlite", feed: feed, port: server.port, token: token,
                                          batchSize: options.batchSize, rate: options.backupIngestRate)
            checkpoints.append(Checkpoint(
                samples: acknowledged, lastDay: lastDay, ingestRate: rate, rateWindow: window,
                ingestP99: BenchmarkTable.percentile(latencies, 0.99), ingestMax: latencies.max() ?? 0,
                stored: stored, databaseBytes: databaseBytes, walBytes: walBefore, serverPeakRSS: peak, queries: queries,
                verifySeconds: verified.seconds, consistent: verified.consistent, verifyReport: verified.report,
                backupSeconds: backup.seconds, backupRequests: backup.requests, backupSamples: backup.samples, backupSlowestMs: backup.slowestMs))
            CommandLineTool.printError("scale: backup took \(BenchmarkTable.format(backup.seconds)) s, slowest ingest meanwhile \(BenchmarkTable.format(backup.slowestMs)) ms")
            if exhausted || feed.state.withLock({ $0.stream.isExhausted }) {
                ended = true
                break
            }
        }
        let export = options.exportGigabytes > 0
            ? try await importExport(gigabytes: options.exportGigabytes, folder: folder, server: server, token: token)
            : nil
        return Outcome(checkpoints: checkpoints, export: export, seconds: seconds(since: runStarted), ingestSeconds: ingestSeconds,
                       inserted: feed.state.withLock { $0.inserted }, historyEnded: ended, databasePath: options.databasePath)
    }
}
