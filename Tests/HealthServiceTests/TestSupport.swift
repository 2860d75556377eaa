import Foundation
import HealthDomain
import HealthStore
import HealthTesting
import Locking
import Notifications

/// A database in a fresh directory, opened as the server opens it.
final class StoreFile: Sendable {
    let directory = NSTemporaryDirectory() + "healthservice-\(UUID().uuidString)"
    var path: String { directory + "/health.sqlite" }

    /// Opens (or reopens) the database: a reopened one is what a restarted server sees.
    func open(nowMs: Int64) throws -> SampleStore {
        try StoreOpener.open(path: path, priority: .default, nowMs: nowMs).store
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let ms: Locked<Int64>
    init(_ ms: Int64) { self.ms = Locked(ms) }
    var now: Int64 { ms.withLock { $0 } }
    func set(_ value: Int64) { ms.withLock { $0 = value } }
}

/// A transport that records every request and answers as told: `fail` decides, per
/// request, whether it fails (HTTP 500) instead of being delivered (204).
final class ScriptedTransport: WebhookTransport {
    private let sent = Locked<[WebhookRequest]>([])
    private let fail: @Sendable (WebhookRequest) -> Bool

    init(fail: @escaping @Sendable (WebhookRequest) -> Bool = { _ in false }) {
        self.fail = fail
    }

    var requests: [WebhookRequest] { sent.withLock { $0 } }

    func send(_ request: WebhookRequest) async -> WebhookDeliveryOutcome {
        sent.withLock { $0.append(request) }
        return fail(request) ? .forStatus(500) : .forStatus(204)
    }
}

/// Waits (without blocking a thread) until `condition` holds, at most 60 s; whether it did.
func eventually(_ condition: () throws -> Bool) async rethrows -> Bool {
    for _ in 0..<6_000 {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}

enum Samples {
    static func steps(_ key: String, _ day: String, hour: Int64 = 9, value: Double = 100, source: String = "Ana’s iPhone") -> Sample {
        let start = DomainFixtures.local(day, hour)
        return DomainFixtures.sample(key, .stepCount, start, start + 60_000, value: value, source: source)
    }

    /// A night of core sleep from 23:00 the evening before `wake` to 06:45.
    static func night(_ wake: String, minutes: Int64 = 465) -> Sample {
        let end = DomainFixtures.local(wake, 6, 45)
        return DomainFixtures.sample("sleep-\(wake)", .sleepSegment, end - minutes * 60_000, end, category: .asleepCore, source: "Watch")
    }

    static func reading(_ metric: Metric, _ day: String, _ value: Double) -> Sample {
        let at = DomainFixtures.local(day, 7)
        return DomainFixtures.sample("\(metric.rawValue)-\(day)", metric, at, at, value: value, source: "Watch")
    }
}
