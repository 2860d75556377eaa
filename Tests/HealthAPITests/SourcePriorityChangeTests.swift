import Foundation
import JSON
import Testing
import HealthDomain
@testable import HealthAPI
@testable import HealthStore

@Suite struct SourcePriorityChangeTests {
    /// Reopening the database with another source priority rebuilds what depends on it.
    @Test func changingThePriorityRecomputesTheDays() async throws {
        let directory = NSTemporaryDirectory() + "healthd-priority-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/h.sqlite"
        // Watch 10:00–10:30 = 3000, iPhone 10:15–10:45 = 1500 (Europe/Berlin, 2026-04-10).
        let samples = [
            Sample(sampleKey: "w", metric: .stepCount, startTimeMs: 1_775_808_000_000, endTimeMs: 1_775_809_800_000,
                   valueNumber: 3000, unit: "count", sourceName: "Apple Watch", timezone: "Europe/Berlin"),
            Sample(sampleKey: "p", metric: .stepCount, startTimeMs: 1_775_808_900_000, endTimeMs: 1_775_810_700_000,
                   valueNumber: 1500, unit: "count", sourceName: "iPhone", timezone: "Europe/Berlin"),
        ]
        func total(_ store: SampleStore) async throws -> Double? {
            let rows = try await store.dailyAggregates(from: DayKey("2026-04-10")!, to: DayKey("2026-04-10")!)
            let text = rows.first { $0.metric == "step_count" }?.data ?? "{}"
            let data = try JSONParser.parse(Array(text.utf8))
            return data["total"]?.doubleValue
        }

        let first = try StoreOpener.open(path: path, priority: .default, nowMs: 0)
        #expect(first.rebuiltForPriorityChange == false)
        _ = try await first.store.ingest(samples, nowMs: 0)
        // Watch first: 3000 + the iPhone's uncovered half (750).
        #expect(try await total(first.store) == 3750)
        first.store.pool.close()

        let phoneFirst = try StoreOpener.open(path: path, priority: SourcePriority(parsing: "iPhone,Apple Watch"), nowMs: 0)
        #expect(phoneFirst.rebuiltForPriorityChange)
        // iPhone first: 1500 + the Watch's uncovered half (10:00–10:15 of 30 min → 1500).
        #expect(try await total(phoneFirst.store) == 3000)
        phoneFirst.store.pool.close()

        let same = try StoreOpener.open(path: path, priority: SourcePriority(parsing: "iPhone,Apple Watch"), nowMs: 0)
        #expect(same.rebuiltForPriorityChange == false)
        #expect(try await total(same.store) == 3000)
        same.store.pool.close()
    }

    /// A database whose aggregates were written before names were kept as sent (no
    /// `aggregate_format` setting, names in their normal form) is rebuilt once on opening.
    @Test func aggregatesOfAnOlderFormatAreRebuiltOnce() async throws {
        let directory = NSTemporaryDirectory() + "healthd-format-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/h.sqlite"
        let sent = "Ana\u{2019}s\u{00A0}Apple Watch"
        let sample = Sample(sampleKey: "w", metric: .stepCount, startTimeMs: 1_775_808_000_000, endTimeMs: 1_775_809_800_000,
                            valueNumber: 3000, unit: "count", sourceName: sent, timezone: "Europe/Berlin")
        func sourceName(_ store: SampleStore) async throws -> String? {
            let rows = try await store.dailyAggregates(from: DayKey("2026-04-10")!, to: DayKey("2026-04-10")!)
            let data = try JSONParser.parse(Array((rows.first?.data ?? "{}").utf8))
            return data["sources"]?.arrayValue?.first?["name"]?.stringValue
        }

        let first = try StoreOpener.open(path: path, priority: .default, nowMs: 0)
        _ = try await first.store.ingest([sample], nowMs: 0)
        #expect(try await sourceName(first.store).map { Array($0.utf8) } == Array(sent.utf8))
        // What an older release left: the normal form stored, and no format recorded.
        try first.store.pool.writeSync { db in
            try db.run("UPDATE day_aggregates SET data = replace(data, ?, ?)", [.text(sent), .text("Ana's Apple Watch")])
            try db.run("DELETE FROM settings WHERE key = 'aggregate_format'", [])
        }
        #expect(try await sourceName(first.store) == "Ana's Apple Watch")
        first.store.pool.close()

        let upgraded = try StoreOpener.open(path: path, priority: .default, nowMs: 0)
        #expect(upgraded.rebuiltForPriorityChange)
        #expect(try await sourceName(upgraded.store).map { Array($0.utf8) } == Array(sent.utf8))
        upgraded.store.pool.close()

        let again = try StoreOpener.open(path: path, priority: .default, nowMs: 0)
        #expect(again.rebuiltForPriorityChange == false)
        again.store.pool.close()
    }
}
