import Foundation
import HealthDomain
@testable import HealthStore
import SQLiteStore
import Testing
@testable import HealthAPI

/// What the store records for the day status and the judgements: a day's primary source
/// (written by recomputation, filled by migration 10's SQL for older rows), its arrival
/// and its revision, and that a rebuild keeps them.
@Suite struct DayStatusStorageTests {
    typealias H = JudgementHistory

    @Test func theMigrationsSourceExpressionAgreesWithWhatRecomputationWrites() async throws {
        let (app, _) = await H.app()
        // Steps from two sources: the iPhone's hour covered by the Watch's (counts 0), and an iPhone-only day.
        let watch = H.reading("w-extra", "step_count", 900, unit: "count", at: H.ms(H.day(10), hour: 15), minutes: 60)
        let phone = H.reading("p-extra", "step_count", 800, unit: "count", at: H.ms(H.day(10), hour: 15), minutes: 60).replacingOccurrences(of: "Apple Watch", with: "iPhone")
        let phoneOnly = H.reading("p-only", "active_energy_kcal", 300, unit: "kcal", at: H.ms(H.day(11), hour: 9), minutes: 60).replacingOccurrences(of: "Apple Watch", with: "iPhone")
        #expect(await app.send(.post, "/health/ingest", body: H.body([watch, phone, phoneOnly])).status == 200)
        let rows = try await app.store.pool.read { db in
            try db.query("SELECT day, metric, source, \(JudgementReads.primarySourceSQL) FROM day_aggregates", []) {
                ($0.int64(0), $0.text(1), $0.optionalText(2), $0.optionalText(3))
            }
        }
        #expect(rows.count > 300)
        for row in rows { #expect(row.2 == row.3, "\(row)") }
        #expect(rows.contains { $0.1 == "active_energy_kcal" && $0.2 == "iPhone" })
        #expect(rows.first { $0.0 == Int64(H.day(10).ordinal) && $0.1 == "step_count" }?.2 == "Apple Watch")
    }

    @Test func aRebuildKeepsArrivalsAndRevisions() async throws {
        let (app, clock) = await H.app()
        clock.withLock { $0 += 60_000 }
        let late = H.reading("steps-late-40", "step_count", 500, unit: "count", at: H.ms(H.day(40), hour: 19), minutes: 10)
        #expect(await app.send(.post, "/health/ingest", body: H.body([late])).status == 200)
        let path = "/health/daily?from=\(H.day(30))&to=\(H.today)&timezone=Europe/Berlin"
        let before = await app.send(.get, path)
        let stamps = "SELECT day, metric, arrived_ms, revised_ms FROM day_aggregates ORDER BY day, metric"
        func read() async throws -> [String] {
            try await app.store.pool.read { db in try db.query(stamps, []) { "\($0.int64(0)) \($0.text(1)) \(String(describing: $0.optionalInt64(2))) \(String(describing: $0.optionalInt64(3)))" } }
        }
        let stored = try await read()
        #expect(stored.contains { $0.hasPrefix("\(H.day(40).ordinal) step_count") && $0.hasSuffix("Optional(\(clock.withLock { $0 }))") })
        let store = app.store
        _ = try await store.pool.write { db in try SampleStore.rebuild(db: db, rules: store.rules, nowMs: 1) }
        #expect(try await read() == stored)
        let after = await app.send(.get, path)
        #expect(before.response.body == after.response.body)
    }
}
