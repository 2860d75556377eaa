import Foundation
import Testing
@testable import HealthAPI

/// HealthSave's step totals from HealthKit statistics: one per day, the day's total; the
/// raw samples of the day keep the per-source split and are never added to it. A
/// conflicting re-send under one idempotency key is refused and stores nothing.
@Suite struct HealthSaveDayTotalTests {
    static func body(_ samples: [[String: Any]]) -> String {
        let object: [String: Any] = ["schema_version": 2, "metric": "step_count", "batch_index": 0, "total_batches": 1, "samples": samples]
        return String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }

    static var samples: [[String: Any]] { [
        ["uuid": "W-1", "startDate": "2026-04-08T08:00:00Z", "endDate": "2026-04-08T08:30:00Z", "qty": 3000, "unit": "count", "source": "Apple Watch"],
        ["uuid": "P-1", "startDate": "2026-04-08T08:15:00Z", "endDate": "2026-04-08T08:45:00Z", "qty": 1500, "unit": "count", "source": "iPhone"],
        // Local midnight of the 8th written in UTC (Berlin, summer time).
        ["uuid": "S-8", "startDate": "2026-04-07T22:00:00Z", "endDate": "2026-04-08T21:59:59Z", "qty": 8000, "unit": "count", "source": "HealthKit Statistics"],
        // Midnight written as T00:00:00Z whatever the zone, marked by its aggregation.
        ["uuid": "S-9", "startDate": "2026-04-09T00:00:00Z", "endDate": "2026-04-09T00:00:00Z", "qty": 5000, "unit": "count", "source": "iPhone",
         "aggregation": "day_total"],
    ] }

    @Test func statisticsTotalsStandForTheirDays() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let reply = await app.send(.post, "/api/v2/apple/batch", headers: [("Idempotency-Key", "steps-1")], body: Self.body(Self.samples))
        #expect(reply.status == 200)
        #expect(reply.json["records_accepted"] as? Int == 4)
        let daily = await app.send(.get, "/health/daily?from=2026-04-08&to=2026-04-09")
        let days = try #require(daily.json["days"] as? [[String: Any]])
        let eighth = try #require((days.first?["metrics"] as? [String: Any])?["step_count"] as? [String: Any])
        // Not 8000 + 3750, and not a 24-hour sample pro-rated over two days.
        #expect(eighth["total"] as? Double == 8000)
        #expect(eighth["samplesTotal"] as? Double == 3750)
        #expect(eighth["totalFrom"] as? String == "HealthKit Statistics")
        let ninth = try #require((days.last?["metrics"] as? [String: Any])?["step_count"] as? [String: Any])
        #expect(ninth["total"] as? Double == 5000)

        // The same key with another payload: 409, nothing stored.
        var changed = Self.samples
        changed[0]["qty"] = 9999
        let conflict = await app.send(.post, "/api/v2/apple/batch", headers: [("Idempotency-Key", "steps-1")], body: Self.body(changed))
        #expect(conflict.status == 409)
        let after = await app.send(.get, "/health/daily?from=2026-04-08&to=2026-04-08")
        let stillEighth = ((after.json["days"] as? [[String: Any]])?.first?["metrics"] as? [String: Any])?["step_count"] as? [String: Any]
        #expect(stillEighth?["samplesTotal"] as? Double == 3750)
        // The same key and payload: the first answer again.
        let replay = await app.send(.post, "/api/v2/apple/batch", headers: [("Idempotency-Key", "steps-1")], body: Self.body(Self.samples))
        #expect(replay.status == 200)
        #expect(replay.response.body == reply.response.body)
    }

    /// A metric synced only as "HealthKit Statistics" day totals shows its count on the
    /// status screen, and receipts of day totals and of activity summaries carry the
    /// window of the local dates they cover.
    @Test func statusCountsDayTotalsAndReceiptsCoverTheirDates() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        // Local midnights of 8–10 April in Berlin (summer time, UTC+2), written in UTC.
        let totals: [[String: Any]] = ["2026-04-07T22:00:00Z", "2026-04-08T22:00:00Z", "2026-04-09T22:00:00Z"].enumerated().map { i, date in
            ["date": date, "qty": 8000 + i * 1000, "source": "HealthKit Statistics"]
        }
        let reply = await app.send(.post, "/api/apple/batch", body: Self.json(["metric": "step_count", "samples": totals]))
        #expect(reply.status == 200)
        #expect(reply.json["records"] as? Int == 3)
        let window = try #require(reply.json["sample_window"] as? [String: Any])
        #expect(window["min_sample_time"] as? String == "2026-04-07T22:00:00Z")
        #expect(window["max_sample_time"] as? String == "2026-04-10T21:59:59Z")
        let perMetric = (reply.json["per_metric"] as? [String: [String: Any]])?["step_count"]?["sample_window"] as? [String: Any]
        #expect(perMetric?["max_sample_time"] as? String == "2026-04-10T21:59:59Z")

        var status = await app.send(.get, "/api/apple/status")
        let steps = try #require(status.json["step_count"] as? [String: Any])
        #expect(steps["count"] as? Int == 3)
        #expect(steps["oldest"] as? String == "2026-04-08")
        #expect(steps["newest"] as? String == "2026-04-10")

        // Samples of the same metric add to the count.
        let samples: [[String: Any]] = [
            ["startDate": "2026-04-09T06:00:00Z", "endDate": "2026-04-09T06:10:00Z", "qty": 500, "source": "Apple Watch"],
            ["startDate": "2026-04-09T07:00:00Z", "endDate": "2026-04-09T07:10:00Z", "qty": 700, "source": "Apple Watch"],
        ]
        #expect(await app.send(.post, "/api/apple/batch", body: Self.json(["metric": "step_count", "samples": samples])).status == 200)
        status = await app.send(.get, "/api/apple/status")
        #expect((status.json["step_count"] as? [String: Any])?["count"] as? Int == 5)
        let coverage = await app.send(.get, "/api/v2/sync/coverage")
        let row = (coverage.json["metrics"] as? [[String: Any]])?.first { $0["metric"] as? String == "step_count" }
        #expect((row?["destination"] as? [String: Any])?["count"] as? Int == 5)

        let rings = await app.send(.post, "/api/v2/apple/batch", body: Self.json(["metric": "activity_summaries", "samples": [
            ["date": "2026-04-10", "activeEnergyBurned": 540, "appleExerciseTime": 42, "appleStandHours": 12],
            ["date": "2026-04-11", "activeEnergyBurned": 610, "appleExerciseTime": 35, "appleStandHours": 11],
        ]]))
        #expect(rings.status == 200)
        #expect(rings.json["records"] as? Int == 2)
        let ringWindow = try #require(rings.json["sample_window"] as? [String: Any])
        #expect(ringWindow["min_sample_time"] as? String == "2026-04-09T22:00:00Z")
        #expect(ringWindow["max_sample_time"] as? String == "2026-04-11T21:59:59Z")
        status = await app.send(.get, "/api/apple/status")
        #expect((status.json["activity_summaries"] as? [String: Any])?["count"] as? Int == 2)
    }

    static func json(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }
}
