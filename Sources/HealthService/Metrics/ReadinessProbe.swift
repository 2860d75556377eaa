import HealthStore
import Locking

/// Whether the server can do its work: the database answers a read within a deadline and
/// the writer is not stuck in one job. What `GET /ready` answers; liveness is separate.
public struct ReadinessProbe: Sendable {
    /// The outcome: each check's problem, nil when it passed.
    public struct Report: Sendable, Equatable {
        /// Why the database read failed or did not answer in time.
        public var database: String?
        /// Why the writer counts as stuck.
        public var writer: String?

        /// Whether every check passed.
        public var isReady: Bool { database == nil && writer == nil }
    }

    /// The longest a read may take before the database counts as not answering.
    public var readTimeoutSeconds: Double
    /// The longest the writer may run one job before it counts as stuck.
    public var writerStallSeconds: Double

    /// A probe with these limits.
    public init(readTimeoutSeconds: Double = 2, writerStallSeconds: Double = 30) {
        self.readTimeoutSeconds = readTimeoutSeconds
        self.writerStallSeconds = writerStallSeconds
    }

    /// Runs both checks against `store`. The read runs on a reader connection; the probe
    /// stops waiting at the deadline (the read itself finishes whenever the reader gets to it).
    public func check(_ store: SampleStore) async -> Report {
        var report = Report()
        let busy = store.writerJobRunningSeconds
        if busy > 0, busy >= writerStallSeconds {
            report.writer = "the writer has been running one job for \(Int(busy)) s (limit \(Int(writerStallSeconds)) s)"
        }
        guard !store.isClosed else {
            report.database = "the database is closed"
            return report
        }
        switch await Self.firstOf(timeoutSeconds: readTimeoutSeconds, { try await store.answerRead() }) {
        case .finished: break
        case .failed(let error): report.database = "the database does not answer a read: \(Self.describe(error))"
        case .timedOut: report.database = "the database did not answer a read within \(readTimeoutSeconds) s"
        }
        return report
    }

    enum Outcome: Sendable {
        case finished
        case failed(any Error)
        case timedOut
    }

    /// Runs `work` and a timer; returns whichever ends first, without waiting for the other.
    static func firstOf(timeoutSeconds: Double, _ work: @escaping @Sendable () async throws -> Void) async -> Outcome {
        let resumed = Locked(false)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            @Sendable func finish(_ outcome: Outcome) {
                let first = resumed.withLock { done -> Bool in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: outcome) }
            }
            let timer = Task {
                try? await Task.sleep(nanoseconds: UInt64(timeoutSeconds * 1e9))
                finish(.timedOut)
            }
            Task {
                do {
                    try await work()
                    finish(.finished)
                } catch {
                    finish(.failed(error))
                }
                // No sleeping timer per probe is left behind (a cancelled sleep ends at once;
                // its `finish` is then a no-op).
                timer.cancel()
            }
        }
    }

    /// The failure's kind, never its text: a database message can quote stored values.
    static func describe(_ error: any Error) -> String {
        if let failure = StoreFailure.classify(error) { return "SQLite error \(failure.code) (\(failure.kind.rawValue))" }
        return String(describing: type(of: error))
    }
}
