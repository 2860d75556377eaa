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
}
