import Foundation
import HTTPTransport
import Locking
@testable import Notifications
import Testing
import Webhooks

/// The dispatcher with the URLSession transport against a real receiver on 127.0.0.1, and
/// with scripted transports for the long horizon. Time is a manual clock: a day of retries
/// takes no real waiting, and nothing asserts on durations.
@Suite struct WebhookDispatcherTests {
    @Test func aDeliveryIsSignedWithTheEndpointsSecret() async throws {
        let receiver = try WebhookReceiver()
        let clock = ManualClock()
        let outbox = InMemoryWebhookOutbox()
        let event = Fixture.event("evt_sig")
        let endpoint = try Fixture.endpoint("e1", receiver.url("/hook"))
        let ids = outbox.enqueue(event, for: [WebhookSubscription(endpoint: endpoint)], nowMs: clock.now)
        let log = EventLog()
        let dispatcher = WebhookDispatcher(outbox: outbox, transport: Fixture.transport(), configuration: Fixture.configuration(clock),
                                           onEvent: log.append)
        dispatcher.start()
        dispatcher.poke()
        #expect(await eventually { outbox.record(ids[0])?.status == .delivered })
        await dispatcher.stop()
        await receiver.stop()

        let delivery = try #require(receiver.deliveries.first)
        #expect(receiver.deliveries.count == 1)
        #expect(delivery.id == "evt_sig")
        #expect(delivery.timestamp == clock.seconds)
        #expect(delivery.body == event.body(includeValues: false))
        #expect(delivery.header("content-type") == "application/json")
        try WebhookSigner(secret: Fixture.secret).verify(headers: delivery.headers, body: delivery.body, now: clock.seconds)
        // Another secret does not verify it.
        let other = WebhookSigner(secret: try WebhookSecret.generate())
        #expect(throws: WebhookError.self) {
            try other.verify(headers: delivery.headers, body: delivery.body, now: clock.seconds)
        }
        #expect(log.all == [.delivered(itemID: ids[0], endpointID: "e1", messageID: "evt_sig", attempt: 1, status: 200)])
    }

    @Test func aFailedDeliveryIsRetriedWithTheSameIDAndAFreshSignature() async throws {
        let receiver = try WebhookReceiver { _, index, _ in
            HTTPResponse(status: index == 0 ? .internalServerError : .ok)
        }
        let clock = ManualClock()
        let start = clock.now
        let outbox = InMemoryWebhookOutbox()
        let id = outbox.enqueue(endpoint: try Fixture.endpoint("e1", receiver.url("/hook")), messageID: "evt_retry",
                                eventType: "day.changed", body: Fixture.event("evt_retry").body(includeValues: true), nowMs: start)
        let log = EventLog()
        let dispatcher = WebhookDispatcher(outbox: outbox, transport: Fixture.transport(), configuration: Fixture.configuration(clock),
                                           onEvent: log.append)
        dispatcher.start()
        dispatcher.poke()
        #expect(await eventually { outbox.record(id)?.item.attempts == 1 })
        let waiting = try #require(outbox.record(id))
        #expect(waiting.status == .pending)
        #expect(waiting.lastError == "HTTP 500")
        #expect(waiting.item.firstAttemptMs == start)
        #expect(waiting.item.nextAttemptMs >= start + 1_000)

        clock.set(waiting.item.nextAttemptMs)
        dispatcher.poke()
        #expect(await eventually { outbox.record(id)?.status == .delivered })
        await dispatcher.stop()
        await receiver.stop()

        let deliveries = receiver.deliveries
        #expect(deliveries.count == 2)
        #expect(deliveries.map(\.id) == ["evt_retry", "evt_retry"])
        #expect(deliveries[0].body == deliveries[1].body)
        // Each attempt carries its own time and a signature over it.
        #expect(deliveries[0].timestamp == start / 1000)
        #expect(deliveries[1].timestamp == waiting.item.nextAttemptMs / 1000)
        #expect(deliveries[0].header("webhook-signature") != deliveries[1].header("webhook-signature"))
        let signer = WebhookSigner(secret: Fixture.secret)
        for delivery in deliveries {
            try signer.verify(headers: delivery.headers, body: delivery.body, now: try #require(delivery.timestamp))
        }
        #expect(log.all == [
            .retrying(itemID: id, endpointID: "e1", messageID: "evt_retry", attempt: 1,
                      failure: WebhookFailure(.status, status: 500), nextAttemptMs: waiting.item.nextAttemptMs),
            .delivered(itemID: id, endpointID: "e1", messageID: "evt_retry", attempt: 2, status: 200),
        ])
    }

    @Test func aRedirectIsAFailureAndIsNotFollowed() async throws {
        let receiver = try WebhookReceiver { request, _, port in
            if request.path == "/elsewhere" { return HTTPResponse(status: .ok) }
            return HTTPResponse(status: HTTPStatus(code: 302, reasonPhrase: "Found"),
                                headers: ["Location": "http://127.0.0.1:\(port)/elsewhere"])
        }
        let clock = ManualClock()
        let outbox = InMemoryWebhookOutbox()
        let moved = outbox.enqueue(endpoint: try Fixture.endpoint("moved", receiver.url("/moved")), messageID: "evt_m",
                                   eventType: "day.changed", body: Array("{}".utf8), nowMs: clock.now)
        let log = EventLog()
        let dispatcher = WebhookDispatcher(outbox: outbox, transport: Fixture.transport(),
                                           configuration: Fixture.configuration(clock), onEvent: log.append)
        dispatcher.start()
        dispatcher.poke()
        #expect(await eventually { outbox.record(moved)?.item.attempts == 1 })
        await dispatcher.stop()
        await receiver.stop()

        #expect(outbox.record(moved)?.status == .pending)
        #expect(outbox.record(moved)?.lastError == "HTTP 302 (redirects are not followed)")
        #expect(receiver.deliveries.map(\.path) == ["/moved"])
        guard case .retrying(_, _, _, 1, let failure, _) = log.all.first else {
            Issue.record("no retry reported: \(log.all)")
            return
        }
        #expect(failure == WebhookFailure(.redirect, status: 302))
    }

    @Test func aTimeoutIsAFailure() async throws {
        let gate = Gate()
        let receiver = try WebhookReceiver { _, _, _ in
            await gate.wait()
            return HTTPResponse(status: .ok)
        }
        let clock = ManualClock()
        let outbox = InMemoryWebhookOutbox()
        let slow = outbox.enqueue(endpoint: try Fixture.endpoint("slow", receiver.url("/slow")), messageID: "evt_s",
                                  eventType: "day.changed", body: Array("{}".utf8), nowMs: clock.now)
        let dispatcher = WebhookDispatcher(outbox: outbox, transport: URLSessionWebhookTransport(timeout: 0.5),
                                           configuration: Fixture.configuration(clock))
        dispatcher.start()
        dispatcher.poke()
        #expect(await eventually { outbox.record(slow)?.item.attempts == 1 })
        gate.release()
        await dispatcher.stop()
        await receiver.stop()

        #expect(outbox.record(slow)?.status == .pending)
        #expect(outbox.record(slow)?.lastError == "timed out")
    }

    @Test func anEndpointsNextItemWaitsForTheFirstWhileOthersGoOn() async throws {
        let receiver = try WebhookReceiver { request, index, _ in
            let id = request.headers[HTTPHeaderName("webhook-id")]
            return HTTPResponse(status: id == "evt_a1" && index == 0 ? .serviceUnavailable : .ok)
        }
        let clock = ManualClock()
        let outbox = InMemoryWebhookOutbox()
        let a = try Fixture.endpoint("a", receiver.url("/a"))
        let b = try Fixture.endpoint("b", receiver.url("/b"))
        let a1 = outbox.enqueue(endpoint: a, messageID: "evt_a1", eventType: "day.changed", body: Array("{}".utf8), nowMs: clock.now)
        let a2 = outbox.enqueue(endpoint: a, messageID: "evt_a2", eventType: "day.changed", body: Array("{}".utf8), nowMs: clock.now)
        let dispatcher = WebhookDispatcher(outbox: outbox, transport: Fixture.transport(), configuration: Fixture.configuration(clock))
        dispatcher.start()
        dispatcher.poke()
        #expect(await eventually { outbox.record(a1)?.item.attempts == 1 })

        // While a1 waits for its retry, another endpoint is served at once, and a2 is not.
        let b1 = outbox.enqueue(endpoint: b, messageID: "evt_b1", eventType: "day.changed", body: Array("{}".utf8), nowMs: clock.now)
        dispatcher.poke()
        #expect(await eventually { outbox.record(b1)?.status == .delivered })
        #expect(outbox.record(a2)?.status == .pending && outbox.record(a2)?.item.attempts == 0)
        #expect(!receiver.deliveries.contains { $0.id == "evt_a2" })

        clock.set(try #require(outbox.record(a1)).item.nextAttemptMs)
        dispatcher.poke()
        #expect(await eventually { outbox.record(a2)?.status == .delivered })
        await dispatcher.stop()
        await receiver.stop()

        #expect(outbox.record(a1)?.status == .delivered)
        #expect(receiver.deliveries.filter { $0.path == "/a" }.map(\.id) == ["evt_a1", "evt_a1", "evt_a2"])
    }

    @Test func retriesStopAtTheHorizonAndFollowTheSeededSchedule() async throws {
        let transport = ScriptedTransport { _ in .failed(WebhookFailure(.status, status: 503)) }
        let clock = ManualClock(ms: 1_773_125_100_000)
        let start = clock.now
        let outbox = InMemoryWebhookOutbox()
        let id = outbox.enqueue(endpoint: try Fixture.endpoint("e1", "http://127.0.0.1:9/never"), messageID: "evt_h",
                                eventType: "day.changed", body: Array("{}".utf8), nowMs: start)
        let seed: UInt64 = 2_026
        let log = EventLog()
        let dispatcher = WebhookDispatcher(outbox: outbox, transport: transport,
                                           configuration: Fixture.configuration(clock, seed: seed), onEvent: log.append)
        dispatcher.start()
        var attemptTimes: [Int64] = []
        while outbox.record(id)?.status == .pending, attemptTimes.count < 1_000 {
            let before = outbox.record(id)?.item.attempts ?? 0
            attemptTimes.append(clock.now)
            dispatcher.poke()
            let moved = await eventually {
                outbox.record(id).map { $0.item.attempts > before || $0.status != .pending } ?? false
            }
            guard moved else { break }
            if let record = outbox.record(id), record.status == .pending { clock.set(record.item.nextAttemptMs) }
        }
        await dispatcher.stop()

        let record = try #require(outbox.record(id))
        #expect(record.status == .expired)
        #expect(record.lastError == "HTTP 503")
        // The gaps are the schedule's delays for this seed, and there are as many retries
        // as fit in 24 h after the first attempt.
        var random = SplitMix64(seed: seed)
        let delays = RetrySchedule().delays(using: &random)
        #expect(record.item.attempts == delays.count + 1)
        #expect(transport.requests.count == delays.count + 1)
        let gaps = zip(attemptTimes.dropFirst(), attemptTimes).map { $0 - $1 }
        #expect(gaps == delays.map { Int64(($0 * 1000).rounded(.up)) })
        #expect(try #require(attemptTimes.last) - start <= 86_400_000)
        #expect(record.item.firstAttemptMs == start)
        // Every attempt carried the same id.
        #expect(Set(transport.requests.map { $0.header("webhook-id") }) == ["evt_h"])
        if case .expired(_, _, _, let attempt, let failure) = log.all.last {
            #expect(attempt == delays.count + 1 && failure.status == 503)
        } else {
            Issue.record("the last event is not an expiry: \(String(describing: log.all.last))")
        }
    }

    @Test func aMessageThatCannotBeSentIsGivenUpAtOnce() async throws {
        let transport = ScriptedTransport { _ in .delivered(status: 200) }
        let clock = ManualClock()
        let outbox = InMemoryWebhookOutbox()
        let bad = outbox.enqueue(endpoint: try Fixture.endpoint("e1", "http://127.0.0.1:9/x"), messageID: "evt\nbad",
                                 eventType: "day.changed", body: Array("{}".utf8), nowMs: clock.now)
        let next = outbox.enqueue(endpoint: try Fixture.endpoint("e1", "http://127.0.0.1:9/x"), messageID: "evt_ok",
                                  eventType: "day.changed", body: Array("{}".utf8), nowMs: clock.now)
        let dispatcher = WebhookDispatcher(outbox: outbox, transport: transport, configuration: Fixture.configuration(clock))
        dispatcher.start()
        dispatcher.poke()
        #expect(await eventually { outbox.record(next)?.status == .delivered })
        await dispatcher.stop()
        #expect(outbox.record(bad)?.status == .expired)
        #expect(outbox.record(bad)?.item.attempts == 1)
        #expect(transport.requests.map { $0.header("webhook-id") } == ["evt_ok"])
    }

    @Test func stopCancelsAttemptsInFlightAndLeavesThemDue() async throws {
        let transport = ScriptedTransport { _ in
            // Hangs until cancelled, as a stalled receiver would.
            try? await Task.sleep(for: .seconds(600))
            return .failed(WebhookFailure(.cancelled))
        }
        let clock = ManualClock()
        let outbox = InMemoryWebhookOutbox()
        let id = outbox.enqueue(endpoint: try Fixture.endpoint("e1", "http://127.0.0.1:9/x"), messageID: "evt_stop",
                                eventType: "day.changed", body: Array("{}".utf8), nowMs: clock.now)
        let log = EventLog()
        let dispatcher = WebhookDispatcher(outbox: outbox, transport: transport, configuration: Fixture.configuration(clock),
                                           onEvent: log.append)
        dispatcher.start()
        dispatcher.poke()
        #expect(await eventually { transport.requests.count == 1 })
        await dispatcher.stop()
        #expect(outbox.record(id)?.status == .pending)
        #expect(outbox.record(id)?.item.attempts == 0)
        #expect(outbox.due(nowMs: clock.now, limit: 10).map(\.id) == [id])
        #expect(log.all.isEmpty)
        // Stopping twice, or starting after a stop, does nothing.
        await dispatcher.stop()
        dispatcher.start()
    }

    @Test func anOutboxErrorIsReportedAndRetried() async throws {
        let outbox = FlakyOutbox()
        let clock = ManualClock()
        outbox.inner.enqueue(endpoint: try Fixture.endpoint("e1", "http://127.0.0.1:9/x"), messageID: "evt_f",
                             eventType: "day.changed", body: Array("{}".utf8), nowMs: clock.now)
        let transport = ScriptedTransport { _ in .delivered(status: 200) }
        var configuration = Fixture.configuration(clock)
        configuration.outboxRetry = 0.05
        let log = EventLog()
        let dispatcher = WebhookDispatcher(outbox: outbox, transport: transport, configuration: configuration, onEvent: log.append)
        dispatcher.start()
        dispatcher.poke()
        #expect(await eventually { outbox.inner.records.first?.status == .delivered })
        await dispatcher.stop()
        #expect(log.all.first == .outboxError("the database is locked"))
        #expect(transport.requests.count == 1)
    }
}

/// A transport that answers from a closure and records what it was asked to send.
final class ScriptedTransport: WebhookTransport {
    private let answer: @Sendable (WebhookRequest) async -> WebhookDeliveryOutcome
    private let log = Locked<[WebhookRequest]>([])

    init(_ answer: @escaping @Sendable (WebhookRequest) async -> WebhookDeliveryOutcome) {
        self.answer = answer
    }

    var requests: [WebhookRequest] { log.withLock { $0 } }

    func send(_ request: WebhookRequest) async -> WebhookDeliveryOutcome {
        log.withLock { $0.append(request) }
        return await answer(request)
    }
}

/// An outbox whose first `due` call throws, as a busy database might.
final class FlakyOutbox: WebhookOutbox {
    struct Busy: Error, CustomStringConvertible {
        var description: String { "the database is locked" }
    }

    let inner = InMemoryWebhookOutbox()
    private let calls = Locked(0)

    func due(nowMs: Int64, limit: Int) throws -> [OutboxItem] {
        let first = calls.withLock { calls in
            defer { calls += 1 }
            return calls == 0
        }
        if first { throw Busy() }
        return inner.due(nowMs: nowMs, limit: limit)
    }

    func nextAttemptMs(after nowMs: Int64) throws -> Int64? { inner.nextAttemptMs(after: nowMs) }
    func delivered(id: Int64) throws { inner.delivered(id: id) }
    func failed(id: Int64, attempt: Int, firstAttemptMs: Int64, nextAttemptMs: Int64, lastError: String) throws {
        inner.failed(id: id, attempt: attempt, firstAttemptMs: firstAttemptMs, nextAttemptMs: nextAttemptMs, lastError: lastError)
    }
    func expired(id: Int64, attempt: Int, lastError: String) throws {
        inner.expired(id: id, attempt: attempt, lastError: lastError)
    }
}
