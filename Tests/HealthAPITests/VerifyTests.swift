import Foundation
import Testing
import SQLiteStore
@testable import HealthAPI
@testable import HealthStore

/// `healthd verify`'s checks: a sound store is consistent, a tampered aggregate is named,
/// and verifying changes nothing.
@Suite struct VerifyTests {
    @Test func aTamperedAggregateIsReportedAndLeftAsItWas() async throws {
        let app = TestApp()
        let reply = await app.send(.post, "/health/ingest", body: """
        {"samples": [{"sampleKey": "A1", "metric": "step_count", "startTimeMs": 1775808000000, "endTimeMs": 1775809800000,
          "valueNumber": 3000, "unit": "count", "sourceName": "Apple Watch", "timezone": "Europe/Berlin"}]}
        """)
        #expect(reply.status == 200)
        let sound = try StoreVerifier.verify(pool: app.store.pool, rules: app.store.rules, nowMs: 1)
        #expect(sound.isConsistent)
        #expect(sound.integrity == ["ok"])
        #expect(sound.samples == 1 && sound.aggregates == 1)

        try app.store.pool.writeSync { db in try db.execute("UPDATE day_aggregates SET value = value + 1") }
        let tampered = try StoreVerifier.verify(pool: app.store.pool, rules: app.store.rules, nowMs: 1)
        #expect(!tampered.isConsistent)
        #expect(tampered.mismatches == [StoreVerifier.Mismatch(day: "2026-04-10", metric: "step_count", kind: "differs")])
        let value = try app.store.pool.readSync { db in try db.queryFirst("SELECT value FROM day_aggregates", []) { $0.double(0) } }
        #expect(value == 3001, "verify must not repair or change anything")

        try app.store.pool.writeSync { db in try db.execute("DELETE FROM day_aggregates") }
        let missing = try StoreVerifier.verify(pool: app.store.pool, rules: app.store.rules, nowMs: 1)
        #expect(missing.mismatches.map(\.kind) == ["missing"])
    }
}
