import Foundation
import Locking
@testable import Notifications
import Webhooks

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let ms: Locked<Int64>

    init(ms: Int64 = Int64(Date().timeIntervalSince1970 * 1000)) {
        self.ms = Locked(ms)
    }

    var now: Int64 { ms.withLock { $0 } }
    var seconds: Int64 { now / 1000 }
    func set(_ value: Int64) { ms.withLock { $0 = value } }
}

/// What a dispatcher reported, in order.
final class EventLog: Sendable {
    private let events = Locked<[WebhookDispatcher.Event]>([])
    func append(_ event: WebhookDispatcher.Event) { events.withLock { $0.append(event) } }
    var all: [WebhookDispatcher.Event] { events.withLock { $0 } }
}

/// Waits (without blocking a thread) until `condition` holds, at most 60 s; whether it did.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<6_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// Holds a receiver's answer until the test opens it (at most 60 s), so a "slow receiver"
/// stays slow however long a loaded machine takes to reach the client's deadline.
final class Gate: Sendable {
    private let open = Locked(false)

    func release() { open.withLock { $0 = true } }

    func wait() async {
        for _ in 0..<6_000 {
            if open.withLock({ $0 }) { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

enum Fixture {
    /// A transport for answers that must arrive: the timeout only guards against a hang,
    /// since in a full parallel test run a local receiver's handler can wait a minute and
    /// more for a cooperative thread.
    static func transport() -> URLSessionWebhookTransport {
        URLSessionWebhookTransport(timeout: 300)
    }

    static let secret = try! WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")

    static func endpoint(_ id: String, _ url: String) throws -> WebhookEndpoint {
        try WebhookEndpoint(id: id, url: url, secret: secret)
    }

    static func configuration(_ clock: ManualClock, seed: UInt64 = 7) -> WebhookDispatcher.Configuration {
        var configuration = WebhookDispatcher.Configuration()
        configuration.now = { clock.now }
        configuration.randomSeed = seed
        return configuration
    }

    static func event(_ id: String, cursor: Int64 = 1, at ms: Int64 = 1_773_125_100_000) -> ChangeEvent {
        ChangeEvent(id: id, type: .dayChanged, occurredAtMs: ms, cursor: cursor,
                    subject: ["day": "2026-03-10", "metrics": ["step_count"]], values: ["step_count": 8123])
    }
}
