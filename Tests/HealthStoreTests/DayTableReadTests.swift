import Foundation
import Testing
import HealthDomain
import SQLiteStore
@testable import HealthStore

/// The day table's single read gives the judgements the same rows their own read gives,
/// and its sources are the ones SQLite's JSON functions find.
@Suite struct DayTableReadTests {
    static func sortedByMetric(_ rows: [JudgementReads.StoredDay]) -> [JudgementReads.StoredDay] {
        rows.sorted { ($0.metric.rawValue, $0.day) < ($1.metric.rawValue, $1.day) }
    }

    @Test(arguments: 0..<6)
    func storedDaysAndSourcesMatchTheirOwnReads(seed: Int) async throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 3)
        let samples = (0..<Int.random(in: 40...160, using: &rng)).map { AggregatePropertyTests.randomSample("k\($0)", &rng) }
        let (store, dir) = try AggregatePropertyTests.makeStore("table")
        defer { store.pool.close(); try? FileManager.default.removeItem(atPath: dir) }
        _ = try await store.ingest(samples, nowMs: 1)

        let catalog = MetricCatalog.standard
        let first = DayKey(ordinal: Int(AggregatePropertyTests.base / 86_400_000) - 1)
        let days = [first, first.adding(days: 3), first.adding(days: 8)]
        let compared = try await store.read { reader in
            try days.map { day in
                let from = day.adding(days: -Baseline.windowDays)
                let table = try reader.dayTable(catalog: catalog, from: from, to: day, storedDays: true) { _, _ in false }
                let own = try reader.judgementDays(catalog: catalog, metrics: nil, from: from, to: day)
                let scanned = try reader.sources(catalog: catalog, from: from, to: day).map { "\($0.name)|\($0.recency)" }.sorted()
                let sql = try reader.db.query(DayTable.sourcesSQL(catalog), [.integer(Int64(from.ordinal)), .integer(Int64(day.ordinal))]) {
                    "\($0.text(0))|\($0.int64(1))"
                }.sorted()
                return (table.storedDays.map(Self.sortedByMetric), Self.sortedByMetric(own), scanned, sql)
            }
        }
        var rowsSeen = 0
        for (fromTable, own, scanned, sql) in compared {
            #expect(fromTable == own)
            #expect(scanned == sql)
            rowsSeen += own.count
        }
        #expect(rowsSeen > 0)
    }
}
