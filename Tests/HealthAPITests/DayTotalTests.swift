import Foundation
import HealthDomain
import HealthFormats
import Testing
@testable import HealthAPI
@testable import HealthStore

/// Day totals HealthKit's statistics computed: where one exists it is the day's total;
/// raw samples of the day keep the per-source split and never add to it.
@Suite struct DayTotalTests {
    static let body = """
    {"samples": [
      {"sampleKey": "W1", "metric": "step_count", "startTimeMs": 1775635200000, "endTimeMs": 1775637000000, "valueNumber": 3000,
       "unit": "count", "sourceName": "Apple Watch", "timezone": "Europe/Berlin"},
      {"sampleKey": "P1", "metric": "step_count", "startTimeMs": 1775636100000, "endTimeMs": 1775637900000, "valueNumber": 1500,
       "unit": "count", "sourceName": "iPhone", "timezone": "Europe/Berlin"},
      {"sampleKey": "T8", "metric": "step_count", "aggregation": "day_total", "startTimeMs": 1775599200000, "endTimeMs": 1775599200000,
       "valueNumber": 8000, "unit": "count", "sourceName": "HealthKit Statistics", "timezone": "Europe/Berlin"},
      {"sampleKey": "T9", "metric": "steps", "aggregation": "day_total", "startTimeMs": 1775692800000, "endTimeMs": 1775692800000,
       "valueNumber": 5000, "unit": "count", "sourceName": "HealthKit Statistics", "timezone": "Europe/Berlin"}
    ]}
    """

    @Test func reportedTotalStandsForTheDayAndSamplesKeepTheSplit() async throws {
        let app = TestApp()
        let first = await app.send(.post, "/health/ingest", body: Self.body)
        #expect(first.status == 200)
        #expect(first.json["inserted"] as? Int == 2)
        #expect(first.json["dayTotalsUpserted"] as? Int == 2)
        #expect(first.json["affectedDays"] as? [String] == ["2026-04-08", "2026-04-09"])
        // 2026-04-07T22:00Z is Berlin's midnight of the 8th; 2026-04-09T00:00Z is 02:00 on the 9th: nearest midnight, the 9th.
        let daily = await app.send(.get, "/health/daily?from=2026-04-08&to=2026-04-09")
        let days = try #require(daily.json["days"] as? [[String: Any]])
        let eighth = try #require((days.first?["metrics"] as? [String: Any])?["step_count"] as? [String: Any])
        // Raw: Watch 3000 (10:00–10:30) and iPhone 1500 (10:15–10:45, half covered) de-duplicate to 3750.
        #expect(eighth["total"] as? Double == 8000)
        #expect(eighth["totalFrom"] as? String == "HealthKit Statistics")
        #expect(eighth["samplesTotal"] as? Double == 3750)
        #expect((eighth["sources"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Apple Watch", "iPhone"])
        let ninth = try #require((days.last?["metrics"] as? [String: Any])?["step_count"] as? [String: Any])
        #expect(ninth["total"] as? Double == 5000 && ninth["sampleCount"] as? Int == 0)

        let summary = await app.send(.get, "/health/summary/daily?day=2026-04-08&timezone=Europe/Berlin")
        let steps = try #require((summary.json["metrics"] as? [String: Any])?["step_count"] as? [String: Any])
        #expect(steps["total"] as? Double == 8000 && steps["totalFrom"] as? String == "HealthKit Statistics")
        #expect(steps["samplesTotal"] as? Double == 3750)

        // A re-send rewrites nothing; a rebuild derives the same days.
        let again = await app.send(.post, "/health/ingest", body: Self.body)
        #expect(again.json["unchanged"] as? Int == 2 && again.json["dayTotalsUnchanged"] as? Int == 2)
        let before = await app.send(.get, "/health/daily?from=2026-04-08&to=2026-04-09").json["days"] as? [[String: Any]]
        let store = app.store
        _ = try await store.pool.write { db in try SampleStore.rebuild(db: db, rules: store.rules, nowMs: 1) }
        let after = await app.send(.get, "/health/daily?from=2026-04-08&to=2026-04-09").json["days"] as? [[String: Any]]
        #expect(NSArray(array: before ?? []) == NSArray(array: after ?? []))
    }

    @Test func onlySummedMetricsTakeDayTotals() async {
        let app = TestApp()
        let reply = await app.send(.post, "/health/ingest", body: """
            {"samples": [{"sampleKey": "H", "metric": "heart_rate", "aggregation": "day_total", "startTimeMs": 1775599200000,
              "endTimeMs": 1775599200000, "valueNumber": 60, "unit": "bpm", "timezone": "Europe/Berlin"}]}
            """)
        #expect(reply.status == 422)
        let errors = reply.errorDetails?["errors"] as? [[String: Any]]
        #expect(errors?.first?["code"] as? String == "day_total")
        let badDate = await app.send(.post, "/health/ingest", body: """
            {"samples": [{"sampleKey": "S", "metric": "step_count", "aggregation": "day_total", "localDate": "April", "startTimeMs": 1775599200000,
              "endTimeMs": 1775599200000, "valueNumber": 60, "unit": "count", "timezone": "Europe/Berlin"}]}
            """)
        #expect(badDate.status == 422)
        #expect((badDate.errorDetails?["errors"] as? [[String: Any]])?.first?["field"] as? String == "localDate")
    }
}
