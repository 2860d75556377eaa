#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSON
import Locking
import HealthService
import HealthStore

/// The imports of uploaded exports: each runs on a thread of its own and is looked up
/// by id for its progress and, once done, its report or the error that stopped it. Jobs
/// live in memory (a restart forgets them; the data they stored stays, and a re-upload
/// completes an import that a restart cut off). At most ``maxKept`` finished jobs are kept.
public final class ImportJobs: Sendable {
    /// A job's state.
    public struct Job: Sendable {
        public var id: String
        public var startedMs: Int64
        public var progress: ImportProgress
        public var report: ImportReport?
        public var failure: ImportFailure?

        /// The job as JSON (`GET /health/import/{id}`).
        public var json: JSONValue {
            var object: [String: JSONValue] = [
                "id": .string(id),
                "status": .string(failure != nil ? "failed" : report != nil ? "done" : "running"),
                "stage": .string(progress.stage.rawValue),
                "startedAt": .string(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(startedMs) / 1000))),
                "progress": [
                    "bytesDone": .number(Double(progress.bytesDone)),
                    "bytesTotal": .number(Double(progress.bytesTotal)),
                    "fraction": .number((progress.fraction * 1000).rounded() / 1000),
                    "records": JSONValue(progress.records),
                    "recordsPerSecond": .number(progress.recordsPerSecond.rounded()),
                    "elapsedSeconds": .number((progress.elapsedSeconds * 1000).rounded() / 1000),
                    "secondsLeft": progress.secondsLeft.map { .number($0.rounded()) } ?? .null,
                ],
                "result": report?.json ?? .null,
                "error": failure.map { failure in
                    ["message": .string(failure.message), "recordsRead": JSONValue(failure.recordsRead),
                     "offset": failure.offset.map { .number(Double($0)) } ?? .null]
                } ?? .null,
            ]
            object["finished"] = .bool(report != nil || failure != nil)
            return .object(object)
        }
    }

    /// Finished jobs kept for lookup.
    public static let maxKept = 50

    private let jobs = Locked<[String: Job]>([:])
    private let order = Locked<[String]>([])

    /// No jobs.
    public init() {}

    /// Removes uploads (`upload-*.part`, `upload-*.upload`) left in `directory` by an
    /// earlier run of the server; returns how many. Call before serving.
    public static func removeLeftovers(in directory: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var removed = 0
        for name in names where name.hasPrefix("upload-") && (name.hasSuffix(".part") || name.hasSuffix(".upload")) {
            if unlink(directory + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }

    /// The job `id`, if known.
    public func job(_ id: String) -> Job? { jobs.withLock { $0[id] } }

    /// Every kept job, newest first (the sync view lists them).
    public func all() -> [Job] {
        let ids = order.withLock { Array($0.reversed()) }
        return jobs.withLock { jobs in ids.compactMap { jobs[$0] } }
    }

    /// Kept jobs by state (`running`, `done`, `failed`), every state present.
    public func countsByState() -> [String: Int] {
        var counts = ["running": 0, "done": 0, "failed": 0]
        jobs.withLock { jobs in
            for job in jobs.values { counts[job.failure != nil ? "failed" : job.report != nil ? "done" : "running", default: 0] += 1 }
        }
        return counts
    }

    /// Starts importing the file at `path` (removed when the import ends) into `store`;
    /// a finished import's counts go into `metrics`.
    public func start(path: String, bytes: Int64, store: SampleStore, metrics: ServerMetrics? = nil,
                      nowMs: @escaping @Sendable () -> Int64) -> Job {
        let id = "imp_" + String(UInt64.random(in: 1...UInt64.max), radix: 36)
        let job = Job(id: id, startedMs: nowMs(), progress: ImportProgress(stage: .opening, bytesTotal: bytes))
        jobs.withLock { $0[id] = job }
        let evicted: [String] = order.withLock { order in
            order.append(id)
            guard order.count > Self.maxKept else { return [] }
            let old = Array(order.prefix(order.count - Self.maxKept))
            order.removeFirst(old.count)
            return old
        }
        jobs.withLock { jobs in
            for old in evicted where jobs[old]?.report != nil || jobs[old]?.failure != nil { jobs[old] = nil }
        }
        Task { [self] in
            do {
                let report = try await AppleHealthImporter.importOnThread(path: path, store: store, now: nowMs) { progress in
                    self.jobs.withLock { $0[id]?.progress = progress }
                }
                jobs.withLock { $0[id]?.report = report }
                metrics?.ingest.checked(.appleHealthImport, received: report.records, rejected: report.rejected, byRule: report.rejectedByRule)
                metrics?.ingest.stored(.appleHealthImport, inserted: report.inserted, updated: report.updated, unchanged: report.unchanged)
            } catch let failure as ImportFailure {
                jobs.withLock {
                    $0[id]?.failure = failure
                    $0[id]?.progress.stage = .failed
                }
            } catch {
                jobs.withLock {
                    $0[id]?.failure = ImportFailure("the import stopped: \(error)")
                    $0[id]?.progress.stage = .failed
                }
            }
            unlink(path)
        }
        return job
    }
}
