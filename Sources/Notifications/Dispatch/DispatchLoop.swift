import Locking
import Webhooks

/// The dispatcher's thread: everything here runs on it alone, so the in-flight table and
/// the random generator need no lock.
///
/// `@unchecked Sendable`: handed to the thread once at start and used only there after.
final class DispatchLoop: @unchecked Sendable {
    private let dispatcher: WebhookDispatcher
    private var inFlight: [String: Task<Void, Never>] = [:]
    private var random: SplitMix64

    init(dispatcher: WebhookDispatcher) {
        self.dispatcher = dispatcher
        random = SplitMix64(seed: dispatcher.configuration.randomSeed ?? UInt64.random(in: .min ... .max))
    }

    private var configuration: WebhookDispatcher.Configuration { dispatcher.configuration }

    func run() {
        while true {
            let (stopping, completions) = dispatcher.shared.withLock { shared in
                defer { shared.completions = [] }
                return (shared.stopping, shared.completions)
            }
            if stopping { return finish() }
            for completion in completions {
                inFlight[completion.item.endpoint.id] = nil
                record(completion)
            }
            dispatcher.wake.wait(seconds: pass())
        }
    }

    /// Starts what is due; the seconds until the next look.
    private func pass() -> Double {
        let now = configuration.now()
        var wait = configuration.idlePoll
        do {
            let room = configuration.maxConcurrent - inFlight.count
            if room > 0 {
                // Heads already in flight come back too; ask for enough to fill the room anyway.
                for item in try dispatcher.outbox.due(nowMs: now, limit: room + inFlight.count)
                where inFlight[item.endpoint.id] == nil && inFlight.count < configuration.maxConcurrent {
                    start(item, nowMs: now)
                }
            }
            if let next = try dispatcher.outbox.nextAttemptMs(after: now) {
                wait = min(wait, Double(next - now) / 1000)
            }
        } catch {
            report(.outboxError(String(describing: error)))
            wait = min(wait, configuration.outboxRetry)
        }
        return wait
    }

    private func start(_ item: OutboxItem, nowMs: Int64) {
        // Whole seconds, floored, as Standard Webhooks timestamps are.
        let timestamp = nowMs >= 0 ? nowMs / 1000 : (nowMs - 999) / 1000
        let request: WebhookRequest
        do {
            request = try WebhookRequest(endpoint: item.endpoint, messageID: item.messageID, timestamp: timestamp, body: item.body)
        } catch {
            record(WebhookDispatcher.Completion(item: item, startedMs: nowMs,
                                                outcome: .failed(WebhookFailure(.invalidMessage, detail: error.message))))
            return
        }
        let transport = dispatcher.transport, dispatcher = dispatcher
        inFlight[item.endpoint.id] = Task {
            let outcome = await transport.send(request)
            dispatcher.complete(WebhookDispatcher.Completion(item: item, startedMs: nowMs, outcome: outcome))
        }
    }

    /// Writes an ended attempt into the outbox.
    private func record(_ completion: WebhookDispatcher.Completion) {
        let item = completion.item
        let attempt = item.attempts + 1
        do {
            switch completion.outcome {
            case .delivered(let status):
                try dispatcher.outbox.delivered(id: item.id)
                report(.delivered(itemID: item.id, endpointID: item.endpoint.id, messageID: item.messageID,
                                  attempt: attempt, status: status))
            case .failed(let failure):
                let first = item.firstAttemptMs ?? completion.startedMs
                let now = configuration.now()
                let delay = configuration.schedule.delay(forRetry: attempt - 1, using: &random)
                let next = now + Int64((delay * 1000).rounded(.up))
                if !failure.isRetryable || Double(next - first) > configuration.schedule.horizon * 1000 {
                    try dispatcher.outbox.expired(id: item.id, attempt: attempt, lastError: failure.description)
                    report(.expired(itemID: item.id, endpointID: item.endpoint.id, messageID: item.messageID,
                                    attempt: attempt, failure: failure))
                } else {
                    try dispatcher.outbox.failed(id: item.id, attempt: attempt, firstAttemptMs: first, nextAttemptMs: next,
                                                 lastError: failure.description)
                    report(.retrying(itemID: item.id, endpointID: item.endpoint.id, messageID: item.messageID,
                                     attempt: attempt, failure: failure, nextAttemptMs: next))
                }
            }
        } catch {
            // The row keeps its old state and is attempted again: at least once, never lost.
            report(.outboxError(String(describing: error)))
        }
    }

    private func report(_ event: WebhookDispatcher.Event) {
        dispatcher.onEvent?(event)
    }

    private func finish() {
        for task in inFlight.values { task.cancel() }
        inFlight = [:]
        let waiters = dispatcher.shared.withLock { shared in
            shared.finished = true
            defer { shared.stopWaiters = [] }
            return shared.stopWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
