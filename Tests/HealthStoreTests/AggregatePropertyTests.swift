import Foundation
import Testing
import HealthDomain
import SQLiteStore
@testable import HealthStore


@Suite struct AggregatePropertyTests {
    static let zones = ["Europe/Berlin", "Asia/Tokyo", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago"]
    /// 2026-03-05T00:00Z: the week includes New York's spring-forward day.
    static let base: Int64 = 1_772_668_800_000

    static func randomSample(_ key: String, _ rng: inout SplitMix64) -> Sample {
        let zone = zones.randomElement(using: &rng)!
        let start = base + Int64.random(in: 0..<(7 * 86_400_000), using: &rng) / 60_000 * 60_000
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1:
            let source = ["Apple Watch", "iPhone", "Garmin"].randomElement(using: &rng)!
            return Sample(sampleKey: key, metric: .stepCount, startTimeMs: start, endTimeMs: start + Int64.random(in: 0...180, using: &rng) * 60_000,
                          valueNumber: Double(Int.random(in: 1...3000, using: &rng)), unit: "count", sourceName: source, timezone: zone)
        case 2:
            return Sample(sampleKey: key, metric: .activeEnergyKcal, startTimeMs: start, endTimeMs: start + Int64.random(in: 1...60, using: &rng) * 60_000,
                          valueNumber: Double.random(in: 0.5...90, using: &rng), unit: "kcal", sourceName: ["Apple Watch", "iPhone"].randomElement(using: &rng)!, timezone: zone)
        case 3:
            return Sample(sampleKey: key, metric: .dietaryEnergyKcal, startTimeMs: start, endTimeMs: start,
                          valueNumber: Double(Int.random(in: 50...900, using: &rng)), unit: "kcal", sourceName: "Cronometer", timezone: zone)
        case 4:
            return Sample(sampleKey: key, metric: [.hrvSdnnMs, .bodyMassKg, .restingHeartRateBpm].randomElement(using: &rng)!, startTimeMs: start, endTimeMs: start,
                          valueNumber: Double.random(in: 40...90, using: &rng), unit: "x", sourceName: "Apple Watch", timezone: zone)
        default:
            let category = SleepCategory.allCases.randomElement(using: &rng)!
            return Sample(sampleKey: key, metric: .sleepSegment, startTimeMs: start, endTimeMs: start + Int64.random(in: 5...300, using: &rng) * 60_000,
                          categoryValue: category.rawValue, unit: "category", sourceName: ["Apple Watch", "RingConn"].randomElement(using: &rng)!, timezone: zone)
        }
    }

    static func aggregates(_ store: SampleStore) async throws -> [String] {
        try await store.pool.read { db in
            try db.query("SELECT day, metric, value, data FROM day_aggregates ORDER BY day, metric", []) { row in
                "\(row.int64(0))|\(row.text(1))|\(row.value(2))|\(row.text(3))"
            }
        }
    }

    static func makeStore(_ name: String) throws -> (SampleStore, String) {
        let dir = NSTemporaryDirectory() + "healthd-prop-\(name)-\(UUID().uuidString)"
        return (try StoreOpener.open(path: dir + "/h.sqlite", priority: .default, nowMs: 0).store, dir)
    }

    @Test(arguments: 0..<24)
    func anyOrderSplitAndResendEqualsOneBatchAndRebuild(seed: Int) async throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        let finalSet = (0..<Int.random(in: 20...120, using: &rng)).map { Self.randomSample("k\($0)", &rng) }

        let (single, dirA) = try AggregatePropertyTests.makeStore("a")
        let (incremental, dirB) = try AggregatePropertyTests.makeStore("b")
        defer {
            single.pool.close(); incremental.pool.close()
            try? FileManager.default.removeItem(atPath: dirA); try? FileManager.default.removeItem(atPath: dirB)
        }
        _ = try await single.ingest(finalSet.shuffled(using: &rng), nowMs: 1)

        // The same final set, reached the long way: shuffled, in random batches, with
        // re-sends, earlier versions that are corrected later, and samples later deleted.
        var pending = finalSet.shuffled(using: &rng)
        var sent: [Sample] = []
        var doomed: [String] = []
        var n = 0
        while !pending.isEmpty {
            let count = min(pending.count, Int.random(in: 1...25, using: &rng))
            var batch = Array(pending.prefix(count))
            pending.removeFirst(count)
            if !sent.isEmpty { batch += (0..<Int.random(in: 0...5, using: &rng)).map { _ in sent.randomElement(using: &rng)! } }
            if Bool.random(using: &rng), let victim = pending.first {
                // An earlier, different version of a sample still to come.
                var draft = Self.randomSample(victim.sampleKey, &rng)
                draft.sampleKey = victim.sampleKey
                batch.append(draft)
            }
            if Bool.random(using: &rng) {
                n += 1
                let extra = Self.randomSample("tmp\(n)", &rng)
                batch.append(extra)
                doomed.append(extra.sampleKey)
            }
            let deletions = doomed.count > 1 && Bool.random(using: &rng) ? [doomed.removeFirst()] : []
            _ = try await incremental.ingest(batch.shuffled(using: &rng), deletedKeys: deletions, nowMs: 1)
            sent += batch.filter { s in finalSet.contains { $0.sampleKey == s.sampleKey && $0 == s } }
        }
        // Re-send everything once more, then delete what must not stay.
        _ = try await incremental.ingest(finalSet.shuffled(using: &rng), deletedKeys: doomed, nowMs: 1)

        let expected = try await AggregatePropertyTests.aggregates(single)
        #expect(!expected.isEmpty)
        let reached = try await AggregatePropertyTests.aggregates(incremental)
        #expect(reached == expected)

        _ = try await incremental.pool.write { db in try SampleStore.rebuild(db: db, priority: .default, clock: .shared, nowMs: 1) }
        #expect(try await AggregatePropertyTests.aggregates(incremental) == expected)
    }
}
