import Foundation
import HealthDomain
import HealthStore
import HealthTesting
@testable import HealthService
import Notifications
import Testing
import Webhooks

/// Webhook delivery from the store's outbox: in feed order per subscription, a failed head
/// holding back the rows behind it, everything queued surviving a restart (a reopened
/// database, a new dispatcher) under the same `webhook-id`, signed with the secret the
/// registry showed once.
@Suite struct StoreWebhookDeliveryTests {
    static let start = DomainFixtures.local("2026-03-10", 12)

    static func configuration(_ clock: ManualClock) -> WebhookDispatcher.Configuration {
        var configuration = WebhookDispatcher.Configuration()
        configuration.now = { clock.now }
        configuration.randomSeed = 7
        // Only pokes and due rows wake it: nothing here waits for an idle poll.
        configuration.idlePoll = 3_600
        return configuration
    }

    @Test func deliveriesKeepFeedOrderPerSubscriptionAndSurviveARestart() async throws {
        let file = StoreFile()
        let clock = ManualClock(Self.start)
        var store = try file.open(nowMs: Self.start)
        let registry = WebhookRegistry(store: WebhookStore(store: store))
        let added = try registry.add(url: "https://hooks.example.org/health", events: nil, includeValues: false, nowMs: Self.start)
        for (index, day) in ["2026-03-07", "2026-03-08", "2026-03-09"].enumerated() {
            _ = try await store.ingest([Samples.steps("s\(index)", day)], nowMs: Self.start + Int64(index))
        }
        let entries = try await store.changes(after: 0, limit: 10).entries
        #expect(entries.count == 3)

        // The receiver is down: the head fails, and nothing behind it is tried meanwhile.
        let down = ScriptedTransport { _ in true }
        let first = WebhookDispatcher(outbox: StoreWebhookOutbox(store: store), transport: down, configuration: Self.configuration(clock))
        first.start()
        first.poke()
        let outbox = WebhookOutboxStore(store: store)
        #expect(try await eventually { try outbox.due(nowMs: Int64.max, limit: 10).first?.attempts == 1 })
        await first.stop()
        #expect(down.requests.map { $0.header("webhook-id") } == [entries[0].id])
        let retryAt = try #require(try outbox.due(nowMs: Int64.max, limit: 10).first?.nextAttemptMs)

        // A restart: the database reopened, a new dispatcher, the receiver back.
        store.close()
        store = try file.open(nowMs: clock.now)
        defer { store.close() }
        clock.set(retryAt)
        let up = ScriptedTransport()
        let second = WebhookDispatcher(outbox: StoreWebhookOutbox(store: store), transport: up, configuration: Self.configuration(clock))
        second.start()
        second.poke()
        #expect(await eventually { up.requests.count == 3 })
        #expect(try await eventually { try WebhookOutboxStore(store: store).due(nowMs: Int64.max, limit: 10).isEmpty })
        await second.stop()

        // In feed order, each under its entry's id; the retried head kept the id it failed with.
        let delivered = up.requests
        #expect(delivered.map { $0.header("webhook-id") } == entries.map(\.id))
        #expect(delivered[0].header("webhook-id") == down.requests[0].header("webhook-id"))
        let signer = WebhookSigner(secret: try WebhookSecret(parsing: added.secret))
        for (request, entry) in zip(delivered, entries) {
            try signer.verify(headers: request.headers, body: request.body, now: clock.now / 1000)
            let event = try #require(ChangeEvent(entry: entry))
            #expect(request.body == event.body(includeValues: false))
            #expect(request.url.absoluteString == "https://hooks.example.org/health")
        }
        // No values unless asked for: the day's step count is in the feed, not in the body.
        #expect(entries[0].values == ["step_count": 100])
        #expect(!String(decoding: delivered[0].body, as: UTF8.self).contains("values"))
        #expect(try WebhookStore(store: store).list().map(\.pending) == [0])
    }

    @Test func subscriptionsAreIndependentAndValuesGoOnlyWhereAsked() async throws {
        let file = StoreFile()
        let clock = ManualClock(Self.start)
        let store = try file.open(nowMs: Self.start)
        defer { store.close() }
        let registry = WebhookRegistry(store: WebhookStore(store: store))
        let broken = try registry.add(url: "https://down.example.org/h", events: ["day.changed"], includeValues: false, nowMs: Self.start)
        let values = try registry.add(url: "https://up.example.org/h", events: ["day.changed"], includeValues: true, nowMs: Self.start)
        _ = try await store.ingest([Samples.steps("a", "2026-03-08"), Samples.steps("b", "2026-03-09", value: 70)], nowMs: Self.start)
        let transport = ScriptedTransport { $0.url.host == "down.example.org" }
        let dispatcher = WebhookDispatcher(outbox: StoreWebhookOutbox(store: store), transport: transport, configuration: Self.configuration(clock))
        dispatcher.start()
        dispatcher.poke()
        #expect(try await eventually { try registry.list().first { $0.id == values.record.id }?.pending == 0 })
        await dispatcher.stop()
        let up = transport.requests.filter { $0.url.host == "up.example.org" }
        #expect(String(decoding: up[1].body, as: UTF8.self).contains(#""values":{"step_count":70}"#))
        // The failing subscription tried its head only.
        #expect(transport.requests.filter { $0.url.host == "down.example.org" }.count == 1)
        let pending = Dictionary(uniqueKeysWithValues: try registry.list().map { ($0.id, $0.pending) })
        #expect(pending == [broken.record.id: 2, values.record.id: 0])
    }

    @Test func theCompanionDeliversWhenTheStoreRingsItsBell() async throws {
        // The companion runs on the real clock (its watcher prunes what is 90 days older).
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let file = StoreFile()
        let store = try file.open(nowMs: now)
        defer { store.close() }
        let registry = WebhookRegistry(store: WebhookStore(store: store))
        _ = try registry.add(url: "http://127.0.0.1:9/hook", events: ["intent.dead"], includeValues: false, nowMs: now)
        let transport = ScriptedTransport()
        var configuration = FeedCompanion.Configuration()
        configuration.transport = transport
        configuration.dispatcher.idlePoll = 3_600
        configuration.watchInterval = 3_600
        let companion = FeedCompanion(store: store, configuration: configuration)
        companion.start()
        let intents = WriteIntentStore(store: store)
        let content = WriteIntentContent(metric: .dietaryEnergyKcal, valueNumber: 650, unit: "kcal", canonicalValue: 650,
                                         startTimeMs: now, endTimeMs: now, timezone: "Europe/Berlin")
        _ = try await intents.upsert(externalId: "lunch", content: content, nowMs: now)
        _ = try await intents.acknowledge([IntentAck(externalId: "lunch", version: 1, result: .failed, retryable: false)], nowMs: now)
        #expect(await eventually { transport.requests.count == 1 })
        await companion.stop()
        let body = try #require(transport.requests.first?.body)
        #expect(String(decoding: body, as: UTF8.self).contains(#""type":"intent.dead""#))
    }

    @Test func theRegistryRefusesWhatCannotBeDelivered() throws {
        let file = StoreFile()
        let store = try file.open(nowMs: Self.start)
        defer { store.close() }
        let registry = WebhookRegistry(store: WebhookStore(store: store))
        for url in ["ftp://example.org/x", "/relative", "example.org/hook"] {
            #expect(throws: WebhookRegistry.Refusal.self) { try registry.add(url: url, events: nil, includeValues: false, nowMs: 0) }
        }
        #expect(throws: WebhookRegistry.Refusal.self) { try WebhookRegistry.events("day.settled,night.setled") }
        #expect(try WebhookRegistry.events("night.settled,day.settled,night.settled") == ["day.settled", "night.settled"])
        #expect(try WebhookRegistry.events("all") == nil)
        let added = try registry.add(url: "https://example.org/h", events: nil, includeValues: false, nowMs: 0)
        let secret = try WebhookSecret(parsing: added.secret)
        #expect(added.secret.hasPrefix("whsec_") && secret.key.count == 32)
        #expect(try registry.list().map(\.events) == [nil])
    }
}
