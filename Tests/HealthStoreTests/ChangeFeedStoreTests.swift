import Foundation
import Testing
import HealthDomain
import HealthTesting
import SQLiteStore
@testable import HealthStore

/// The changes feed as the store writes it: entries and webhook outbox rows commit with the
/// change that caused them or not at all, in order, and pruning keeps the positions whole.
@Suite struct ChangeFeedStoreTests {
    static func steps(_ key: String, _ day: String, hour: Int64 = 9, value: Double = 100) -> Sample {
        let start = DomainFixtures.local(day, hour)
        return DomainFixtures.sample(key, .stepCount, start, start + 60_000, value: value, source: "Phone")
    }

    static func all(_ store: SampleStore) async throws -> [ChangeEntry] {
        try await store.changes(after: 0, limit: 10_000).entries
    }

    static func count(_ table: String, _ store: SampleStore) async throws -> Int64 {
        try await store.pool.read { db in try db.queryFirst("SELECT count(*) FROM \(table)", []) { $0.int64(0) } ?? -1 }
    }

    static let now = DomainFixtures.local("2026-03-12", 12)

    @Test func anIngestAppendsOneDayChangedPerDayInDayOrderAndWorkoutsAfter() async throws {
        let (store, directory) = try IngestEntryTests.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        let run = Workout(workoutKey: "RUN-1", activityType: WorkoutActivityType.resolve("running")!, name: "Run",
                          startTimeMs: DomainFixtures.local("2026-03-10", 7), endTimeMs: DomainFixtures.local("2026-03-10", 8),
                          durationSeconds: 3_600, distanceKm: 10, timezone: "Europe/Berlin")
        let batch = IngestBatch(samples: [Self.steps("b", "2026-03-11"), Self.steps("a", "2026-03-09", value: 250), Self.steps("c", "2026-03-10")],
                                workouts: [run])
        _ = try await store.ingest(batch, nowMs: Self.now)
        let entries = try await Self.all(store)
        #expect(entries.map(\.type) == ["day.changed", "day.changed", "day.changed", "workout.changed"])
        #expect(entries.map { $0.subject["day"]?.stringValue } == ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-10"])
        #expect(entries.map(\.position) == [1, 2, 3, 4])
        #expect(entries[0].subject["metrics"] == ["step_count"])
        #expect(entries[0].values == ["step_count": 250])
        #expect(entries[3].subject["change"] == "added" && entries[3].subject["workoutKey"] == "RUN-1")
        #expect(Set(entries.map(\.id)).count == 4 && entries.allSatisfy { $0.id.hasPrefix("evt_") && $0.id.count == 36 })
        #expect(entries.allSatisfy { $0.occurredMs == Self.now })

        // An identical re-send changes nothing, so nothing is appended.
        _ = try await store.ingest(batch, nowMs: Self.now + 1)
        #expect(try await Self.all(store).count == 4)
        // A changed value is a change of its day only.
        _ = try await store.ingest([Self.steps("a", "2026-03-09", value: 300)], nowMs: Self.now + 2)
        let after = try await Self.all(store)
        #expect(after.count == 5 && after[4].subject["day"] == "2026-03-09" && after[4].values == ["step_count": 300])
    }

    @Test func writeIntentStatusChangesAreInTheFeedAndADeadOneTwice() async throws {
        let (store, directory) = try IngestEntryTests.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        let intents = WriteIntentStore(store: store)
        let content = WriteIntentContent(metric: .dietaryEnergyKcal, valueNumber: 650, unit: "kcal", canonicalValue: 650,
                                         startTimeMs: Self.now, endTimeMs: Self.now, timezone: "Europe/Berlin")
        _ = try await intents.upsert(externalId: "lunch", content: content, nowMs: Self.now)
        _ = try await intents.acknowledge([IntentAck(externalId: "lunch", version: 1, result: .failed, error: "denied", retryable: false)],
                                          nowMs: Self.now + 1)
        let entries = try await Self.all(store)
        #expect(entries.map(\.type) == ["intent.status", "intent.status", "intent.dead"])
        #expect(entries.map { $0.subject["status"]?.stringValue } == ["pending", "dead", "dead"])
        #expect(entries[2].subject["reason"] == "not_retryable" && entries[2].subject["externalId"] == "lunch")
        // The amount is a value: only in `values`.
        #expect(entries[0].values == ["valueNumber": 650, "unit": "kcal"])
        #expect(!entries.contains { $0.subject.values.contains(.number(650)) })
    }

    @Test func outboxRowsAreWrittenForSubscribedTypesInFeedOrder() async throws {
        let (store, directory) = try IngestEntryTests.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        let webhooks = WebhookStore(store: store)
        let days = try webhooks.add(url: "http://127.0.0.1:9/days", secret: "whsec_AAAA", events: ["day.changed"], includeValues: false, nowMs: Self.now)
        let everything = try webhooks.add(url: "http://127.0.0.1:9/all", secret: "whsec_AAAA", events: nil, includeValues: true, nowMs: Self.now)
        _ = try await store.ingest([Self.steps("a", "2026-03-10"), Self.steps("b", "2026-03-11")], nowMs: Self.now)
        let intents = WriteIntentStore(store: store)
        _ = try await intents.upsert(externalId: "x", content: WriteIntentContent(metric: .dietaryEnergyKcal, valueNumber: 1, unit: "kcal",
                                                                               canonicalValue: 1, startTimeMs: Self.now, endTimeMs: Self.now,
                                                                               timezone: "UTC"), nowMs: Self.now)
        let rows = try await store.pool.read { db in
            try db.query("SELECT webhook_id, position FROM webhook_outbox ORDER BY id", []) { ($0.text(0), $0.int64(1)) }
        }
        #expect(rows.filter { $0.0 == days.id }.map(\.1) == [1, 2])
        #expect(rows.filter { $0.0 == everything.id }.map(\.1) == [1, 2, 3])
        // Each subscription's rows come in feed order, so its head is always its oldest change.
        let outbox = WebhookOutboxStore(store: store)
        let due = try outbox.due(nowMs: Self.now, limit: 10)
        #expect(Set(due.map(\.webhookID)) == [days.id, everything.id] && due.allSatisfy { $0.entry?.position == 1 })
        #expect(due.first { $0.webhookID == everything.id }?.includeValues == true)
        let pending = Dictionary(uniqueKeysWithValues: try webhooks.list().map { ($0.id, $0.pending) })
        #expect(pending == [days.id: 2, everything.id: 3])
    }

    @Test func aRolledBackIngestLeavesNoEntryAndNoOutboxRow() async throws {
        let (store, directory) = try IngestEntryTests.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        _ = try WebhookStore(store: store).add(url: "http://127.0.0.1:9/h", secret: "whsec_AAAA", events: nil, includeValues: false, nowMs: Self.now)
        // The ledger record is the transaction's last write, after the feed's append: make it fail.
        try await store.pool.write { db in
            try db.execute("CREATE TEMP TRIGGER refuse_ledger BEFORE INSERT ON healthsave_batches BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        await #expect(throws: SQLiteError.self) {
            _ = try await store.ingest(IngestBatch(samples: [Self.steps("a", "2026-03-10")]),
                                       options: IngestOptions(ledger: IngestEntryTests.ledger("k", hash: "h")), nowMs: Self.now)
        }
        #expect(try await Self.count("change_feed", store) == 0)
        #expect(try await Self.count("webhook_outbox", store) == 0)
        #expect(try store.sampleCount() == 0)
        // Rolled back, not skipped: the position was not used either.
        #expect(try await store.changes(after: nil, limit: 0).bounds.head == 0)

        try await store.pool.write { db in try db.execute("DROP TRIGGER refuse_ledger") }
        _ = try await store.ingest([Self.steps("a", "2026-03-10")], nowMs: Self.now)
        #expect(try await Self.all(store).map(\.position) == [1])
        #expect(try await Self.count("webhook_outbox", store) == 1)
    }

    @Test func aWriteIntentChangeAndItsEntriesCommitTogether() async throws {
        let (store, directory) = try IngestEntryTests.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        _ = try WebhookStore(store: store).add(url: "http://127.0.0.1:9/h", secret: "whsec_AAAA", events: ["intent.dead"], includeValues: false,
                                               nowMs: Self.now)
        let intents = WriteIntentStore(store: store)
        let content = WriteIntentContent(metric: .dietaryEnergyKcal, valueNumber: 650, unit: "kcal", canonicalValue: 650,
                                         startTimeMs: Self.now, endTimeMs: Self.now, timezone: "Europe/Berlin")
        _ = try await intents.upsert(externalId: "lunch", content: content, nowMs: Self.now)
        // The outbox row of intent.dead is the ack transaction's last write: make it fail.
        try await store.pool.write { db in
            try db.execute("CREATE TEMP TRIGGER refuse_outbox BEFORE INSERT ON webhook_outbox BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        await #expect(throws: SQLiteError.self) {
            _ = try await intents.acknowledge([IntentAck(externalId: "lunch", version: 1, result: .failed, retryable: false)], nowMs: Self.now)
        }
        #expect(try await intents.intent(externalId: "lunch").0.status == .pending)
        #expect(try await Self.all(store).map(\.type) == ["intent.status"])
        #expect(try await Self.count("webhook_outbox", store) == 0)
    }

    @Test func pruningRemovesOldEntriesFromTheFrontAndMovesTheOldestCursor() async throws {
        let (store, directory) = try IngestEntryTests.openStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: directory) }
        _ = try WebhookStore(store: store).add(url: "http://127.0.0.1:9/h", secret: "whsec_AAAA", events: nil, includeValues: false, nowMs: Self.now)
        let day = Int64(86_400_000)
        _ = try await store.ingest([Self.steps("a", "2026-03-01")], nowMs: Self.now - 100 * day)
        _ = try await store.ingest([Self.steps("b", "2026-03-02")], nowMs: Self.now - 95 * day)
        _ = try await store.ingest([Self.steps("c", "2026-03-03")], nowMs: Self.now - 10 * day)
        let removed = try await store.changeFeed { feed in try feed.prune(beforeMs: Self.now - ChangeFeed.retentionMs, nowMs: Self.now) }
        #expect(removed == 2)
        let page = try await store.changes(after: 2, limit: 10)
        #expect(page.bounds == ChangeFeed.Bounds(oldest: 2, head: 3))
        #expect(page.entries.map(\.position) == [3])
        #expect(try await Self.count("webhook_outbox", store) == 1)
        // Pruning everything keeps the head: positions are never reused.
        _ = try await store.changeFeed { feed in try feed.prune(beforeMs: Self.now + 1, nowMs: Self.now) }
        _ = try await store.ingest([Self.steps("d", "2026-03-04")], nowMs: Self.now + 2)
        let last = try await store.changes(after: 3, limit: 10)
        #expect(last.bounds == ChangeFeed.Bounds(oldest: 3, head: 4) && last.entries.map(\.position) == [4])
    }
}
