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
}
