import Foundation
import Locking

/// Delivers what waits in a ``WebhookOutbox``: in order per endpoint, endpoints
/// independent of each other, failed attempts retried on the configuration's
/// ``RetrySchedule`` until its horizon after the first attempt, then given up.
///
/// ```swift
/// let dispatcher = WebhookDispatcher(outbox: outbox) { event in log(event) }
/// dispatcher.start()
/// // after inserting outbox rows:
/// dispatcher.poke()
/// // at shutdown:
/// await dispatcher.stop()
/// ```
///
/// A thread of its own reads and updates the outbox (so a blocking database call never
/// lands on the cooperative pool) and starts one task per attempt; the thread sleeps until
/// the next item falls due, an attempt ends, ``poke()`` or ``stop()``. Every attempt is
/// signed afresh: the same `webhook-id` (the message id) each time, the attempt's own
/// timestamp and signature.
public final class WebhookDispatcher: Sendable {
    /// What happened to an attempt, for log lines and metrics. None carries a body, a URL
    /// or a secret: endpoints are named by id.
    public enum Event: Sendable, Equatable {
        /// The receiver answered 2xx.
        case delivered(itemID: Int64, endpointID: String, messageID: String, attempt: Int, status: Int)
        /// The attempt failed; the next one is due at `nextAttemptMs`.
        case retrying(itemID: Int64, endpointID: String, messageID: String, attempt: Int, failure: WebhookFailure,
                      nextAttemptMs: Int64)
        /// The attempt failed and the item is given up: the horizon passed, or it can never be sent.
        case expired(itemID: Int64, endpointID: String, messageID: String, attempt: Int, failure: WebhookFailure)
        /// An outbox call threw; the dispatcher tries again after ``Configuration/outboxRetry``.
        case outboxError(String)
    }

    /// What the callers and the thread share.
    struct Shared {
        var started = false
        var stopping = false
        var finished = false
        /// Attempts that ended and are not yet recorded in the outbox.
        var completions: [Completion] = []
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// One ended attempt.
    struct Completion: Sendable {
        var item: OutboxItem
        var startedMs: Int64
        var outcome: WebhookDeliveryOutcome
    }

    /// The configuration it was made with.
    public let configuration: Configuration
    let outbox: any WebhookOutbox
    let transport: any WebhookTransport
    let onEvent: (@Sendable (Event) -> Void)?
    let shared = Locked(Shared())
    let wake = WakeSignal()

    /// A dispatcher that does nothing until ``start()``. `onEvent` is called on the
    /// dispatcher's thread and must return quickly.
    public init(outbox: any WebhookOutbox, transport: any WebhookTransport = URLSessionWebhookTransport(),
                configuration: Configuration = Configuration(), onEvent: (@Sendable (Event) -> Void)? = nil) {
        precondition(configuration.maxConcurrent > 0, "a dispatcher needs room for at least one attempt")
        self.outbox = outbox
        self.transport = transport
        self.configuration = configuration
        self.onEvent = onEvent
    }

    /// Starts the dispatcher's thread. Calling it again, or after ``stop()``, does nothing.
    public func start() {
        let go = shared.withLock { shared in
            guard !shared.started, !shared.stopping else { return false }
            shared.started = true
            return true
        }
        guard go else { return }
        let loop = DispatchLoop(dispatcher: self)
        let thread = Thread { loop.run() }
        thread.name = "webhook-dispatcher"
        thread.start()
    }

    /// Looks at the outbox now: call it after queueing a row so it goes out at once
    /// instead of at the next idle poll.
    public func poke() {
        wake.signal()
    }

    /// Stops the thread: attempts in flight are cancelled and left unrecorded, so their
    /// items stay due and go out again (same `webhook-id`) after the next start. Returns
    /// once the thread has finished.
    public func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = shared.withLock { shared -> Bool in
                shared.stopping = true
                if shared.finished || !shared.started {
                    shared.finished = true
                    return true
                }
                shared.stopWaiters.append(continuation)
                return false
            }
            if done {
                continuation.resume()
            } else {
                wake.signal()
            }
        }
    }

    /// An attempt ended: hand it to the thread.
    func complete(_ completion: Completion) {
        shared.withLock { $0.completions.append(completion) }
        wake.signal()
    }
}
