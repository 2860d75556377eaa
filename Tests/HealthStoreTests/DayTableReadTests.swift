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

    /// Names that are equal as Swift strings but not byte for byte (a composed and a
    /// decomposed "é") stay two sources, as SQLite's `GROUP BY` keeps them; the same name
    /// on two days is one source with the later day.
    @Test func sourcesAreTheSameNamesByteForByteAsSQLiteGroupsThem() async throws {
        let (store, dir) = try AggregatePropertyTests.makeStore("names")
        defer { store.pool.close(); try? FileManager.default.removeItem(atPath: dir) }
        let composed = "Caf\u{E9} Watch", decomposed = "Cafe\u{301} Watch"
        #expect(composed == decomposed)
        let rows: [(Int64, String)] = [
            (20_000, #"{"sources":["\#(composed)","iPhone"]}"#),
            (20_001, #"{"sources":[{"counted":3,"name":"\#(decomposed)"},{"counted":0,"name":"Scale"}]}"#),
            (20_002, #"{"sources":["iPhone"]}"#),
        ]
        try await store.pool.write { db in
            for (day, data) in rows {
                try db.run("INSERT INTO day_aggregates (day, metric, value, data, updated_ms) VALUES (?, 'step_count', 1, ?, 0)",
                               [.integer(day), .text(data)])
            }
        }
        let catalog = MetricCatalog.standard
        let (scanned, sql) = try await store.read { reader in
            let from = DayKey(ordinal: 20_000), to = DayKey(ordinal: 20_002)
            let scanned = try reader.sources(catalog: catalog, from: from, to: to).map { "\($0.name.utf8.count) \($0.name)|\($0.recency)" }.sorted()
            let sql = try reader.db.query(DayTable.sourcesSQL(catalog), [.integer(Int64(from.ordinal)), .integer(Int64(to.ordinal))]) {
                "\($0.text(0).utf8.count) \($0.text(0))|\($0.int64(1))"
            }.sorted()
            return (scanned, sql)
        }
        #expect(scanned == sql)
        #expect(scanned.count == 3)
        #expect(scanned.contains("\(composed.utf8.count) \(composed)|20000"))
        #expect(scanned.contains("\(decomposed.utf8.count) \(decomposed)|20001"))
        #expect(scanned.contains("6 iPhone|20002"))
    }
}
