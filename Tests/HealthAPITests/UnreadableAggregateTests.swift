import Foundation
import HealthDomain
import HealthFormats
import Testing
@testable import HealthAPI
@testable import HealthStore

/// A stored aggregate that does not decode is reported — a 500 naming the day, the metric
/// and the repair — never shown as "no data"; `rebuild` repairs it.
@Suite struct UnreadableAggregateTests {
    @Test func damagedRowIsReportedAndRebuildRepairsIt() async throws {
        let app = TestApp()
        let body = """
        {"samples": [{"sampleKey": "s1", "metric": "step_count", "startTimeMs": 1775800800000, "endTimeMs": 1775801400000,
                      "valueNumber": 1200, "unit": "count", "sourceName": "Watch", "timezone": "Europe/Berlin"}]}
        """
        #expect(await app.send(.post, "/health/ingest", body: body).status == 200)
        let day = try #require(DayKey("2026-04-10"))
        _ = try await app.store.pool.write { db in
            try db.run("UPDATE day_aggregates SET data = '{\"total\": \"lots\"}' WHERE metric = 'step_count' AND day = ?", [.integer(Int64(day.ordinal))])
        }
        for target in ["/health/summary/daily?day=2026-04-10&timezone=Europe/Berlin", "/health/daily?from=2026-04-10&to=2026-04-10"] {
            let reply = await app.send(.get, target)
            #expect(reply.status == 500, "\(target)")
            #expect(reply.errorDetails?["day"] as? String == "2026-04-10")
            #expect(reply.errorDetails?["metric"] as? String == "step_count")
            #expect(reply.errorDetails?["repair"] as? String == "healthd rebuild")
        }
        let store = app.store
        _ = try await store.pool.write { db in try SampleStore.rebuild(db: db, rules: store.rules, nowMs: 1) }
        let repaired = await app.send(.get, "/health/summary/daily?day=2026-04-10&timezone=Europe/Berlin")
        #expect(repaired.status == 200)
        #expect(((repaired.json["metrics"] as? [String: Any])?["step_count"] as? [String: Any])?["total"] as? Double == 1200)
    }
}
