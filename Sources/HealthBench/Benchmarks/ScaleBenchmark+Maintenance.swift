import Foundation
import HealthAPI
import HealthDomain
import HealthStore
import HealthTesting

extension ScaleBenchmark {
    /// A `healthd` command run to its end in a process of its own, as an operator runs it.
    struct CommandRun: Sendable {
        var seconds: Double
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `healthd <arguments>` through `healthd` (the executable and the arguments that
    /// stand for it) and times it, start to exit.
    static func runHealthd(_ healthd: [String], _ arguments: [String]) async throws -> CommandRun {
        let started = AppClock.monotonicNanoseconds()
        let child = try ChildProcess(executable: healthd[0], arguments: Array(healthd.dropFirst()) + arguments)
        NiceKeeper.shared.watch(child.processIdentifier)
        let status = await child.waitForExit()
        NiceKeeper.shared.forget(child.processIdentifier)
        return CommandRun(seconds: Double(AppClock.monotonicNanoseconds() - started) / 1e9, status: status,
                          output: child.output, errors: child.errors)
    }

    /// `healthd verify --db <database>` with nothing else writing (it holds the write lock):
    /// its time, and whether it found the database consistent (exit 0) or not (exit 1,
    /// with the lines it printed). Any other exit is an error.
    static func verify(_ healthd: [String], database: String) async throws -> (seconds: Double, consistent: Bool, report: String) {
        let run = try await runHealthd(healthd, ["verify", "--db", database])
        guard run.status == 0 || run.status == 1 else {
            throw Failure(description: "healthd verify exited \(run.status): \(run.errors.suffix(1_000))")
        }
        return (run.seconds, run.status == 0, run.output)
    }

    /// `healthd backup --db <database> --to <target>` while one connection keeps posting
    /// batches at up to `rate` samples/s (none when 0): the backup's time, and the number
    /// of requests answered meanwhile, their samples and the slowest, in ms. The copy is
    /// removed afterwards (it is as large as the database).
    static func backup(_ healthd: [String], database: String, target: String, feed: ScaleIngestFeed, port: Int, token: String,
                       batchSize: Int, rate: Int) async throws -> (seconds: Double, requests: Int, samples: Int, slowestMs: Double) {
        defer { try? FileManager.default.removeItem(atPath: target) }
        let before = feed.state.withLock { $0.acknowledged }
        feed.begin(limit: nil, at: AppClock.monotonicNanoseconds())
        let ingest: Task<Void, Error>? = rate > 0
            ? Task { try await pump(feed, port: port, token: token, batchSize: batchSize, connections: 1, pace: rate) }
            : nil
        let run: CommandRun
        do {
            run = try await runHealthd(healthd, ["backup", "--db", database, "--to", target])
        } catch {
            feed.stop()
            _ = try? await ingest?.value
            throw error
        }
        feed.stop()
        try await ingest?.value
        guard run.status == 0 else {
            throw Failure(description: "healthd backup exited \(run.status): \(run.errors.suffix(1_000))")
        }
        let (latencies, after) = feed.state.withLock { ($0.latencies, $0.acknowledged) }
        return (run.seconds, latencies.count, after - before, latencies.max() ?? 0)
    }

    /// Folds the write-ahead log into the database file (`PRAGMA wal_checkpoint(TRUNCATE)`,
    /// from a connection of this process while the server is idle), so the file's size is
    /// the data's, and counts the samples stored.
    static func checkpointAndCount(database: String) throws -> Int {
        let opened = try StoreOpener.open(path: database, priority: .default, nowMs: AppClock.system.now())
        defer { opened.store.close() }
        return try opened.store.checkpointAndCountSamples()
    }
}
