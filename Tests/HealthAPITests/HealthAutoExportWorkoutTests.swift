import Foundation
import Testing
@testable import HealthAPI

/// Health Auto Export workouts, export versions 1 and 2, into workout records.
@Suite struct HealthAutoExportWorkoutTests {
    static let body: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/hae/workouts-v1-v2.json")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? "{}"
    }()

    @Test func bothVersionsBecomeWorkoutsAndPerMinuteArraysNoDaySamples() async throws {
        let app = TestApp()
        let first = await app.send(.post, "/health/workouts", body: Self.body)
        #expect(first.status == 200, "\(String(decoding: first.response.body, as: UTF8.self))")
        #expect(first.json["workoutsInserted"] as? Int == 2)
        // /health/workouts reads workouts only: the step metric beside them is not stored.
        #expect(first.json["inserted"] as? Int == 0)

        let list = await app.send(.get, "/health/workouts?from=2026-05-13&to=2026-05-14")
        let workouts = try #require(list.json["workouts"] as? [[String: Any]])
        #expect(workouts.count == 2)
        let run = try #require(workouts.first { $0["activityType"] as? String == "running" })
        // v2: id as key, duration as sent, 1673.6 kJ / 4.184 = 400 kcal, 5 km, HR summary, two HR points, two route points.
        #expect(run["workoutKey"] as? String == "5A1F0C2E-1111-4E5B-9C61-0D9A8B7C6D5E")
        #expect(run["name"] as? String == "Outdoor Run")
        #expect(run["durationSeconds"] as? Double == 2280)
        #expect(abs((run["activeEnergyKcal"] as? Double ?? 0) - 400) < 1e-6)
        #expect(run["distanceKm"] as? Double == 5)
        #expect(run["avgHeartRateBpm"] as? Double == 148 && run["maxHeartRateBpm"] as? Double == 171)
        #expect(run["heartRatePoints"] as? Int == 2 && run["routePoints"] as? Int == 2)
        #expect(run["timezone"] as? String == "UTC+02:00" && run["day"] as? String == "2026-05-14")
        let walk = try #require(workouts.first { $0["activityType"] as? String == "walking" })
        // v1 at the root: no id or duration (end − start = 1800 s), activeEnergy total, 1.5 mi = 2.414016 km, lat/lon route.
        #expect((walk["workoutKey"] as? String)?.hasPrefix("w1-") == true)
        #expect(walk["durationSeconds"] as? Double == 1800)
        #expect(walk["activeEnergyKcal"] as? Double == 120)
        #expect(abs((walk["distanceKm"] as? Double ?? 0) - 2.414016) < 1e-9)
        #expect(walk["heartRatePoints"] as? Int == 1 && walk["routePoints"] as? Int == 1)
        #expect(walk["day"] as? String == "2026-05-13")

        // The per-minute energy and step arrays of the run are not day samples.
        let daily = await app.send(.get, "/health/daily?from=2026-05-13&to=2026-05-14")
        for day in daily.json["days"] as? [[String: Any]] ?? [] {
            let metrics = day["metrics"] as? [String: Any] ?? [:]
            #expect(metrics["active_energy_kcal"] == nil && metrics["step_count"] == nil, "\(day["dayKey"] ?? "")")
        }

        // A re-send changes nothing; the whole payload at /health/hae also stores the step point.
        let again = await app.send(.post, "/health/hae", body: Self.body)
        #expect(again.status == 200)
        #expect(again.json["workoutsUnchanged"] as? Int == 2)
        #expect(again.json["inserted"] as? Int == 1)
    }

    @Test func aWorkoutWithABadDateIsAPerItemError() async {
        let app = TestApp()
        let body = """
        {"data": {"workouts": [
          {"name": "Yoga", "start": "yesterday", "end": "2026-05-14 08:00:00 +0200"},
          {"name": "Yoga", "start": "2026-05-14 07:00:00 +0200", "end": "2026-05-14 08:00:00 +0200", "activeEnergyBurned": {"qty": 90, "units": "kcal"}}
        ]}}
        """
        let reply = await app.send(.post, "/health/workouts", body: body)
        #expect(reply.status == 207)
        #expect(reply.json["workoutsInserted"] as? Int == 1)
        let errors = reply.json["errors"] as? [[String: Any]] ?? []
        #expect(errors.map { $0["field"] as? String } == ["data.workouts[0].start"])
    }

    @Test func postHealthTakesThePayloadAndGetHealthStaysPublicLiveness() async {
        let app = TestApp()
        let body = #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2026-05-14 09:00:00 +0200", "qty": 12}]}]}}"#
        #expect(await app.send(.post, "/health", body: body, authorized: false).status == 401)
        let posted = await app.send(.post, "/health", body: body)
        #expect(posted.status == 200 && posted.json["inserted"] as? Int == 1)
        #expect(await app.send(.get, "/health", authorized: false).status == 200)
        #expect(await app.send(.post, "/health/hae", body: #"{"samples": []}"#).status == 400)
        #expect(await app.send(.post, "/health/hae", body: #"{"data": {"metrics": {}}}"#).status == 400)
    }
}
