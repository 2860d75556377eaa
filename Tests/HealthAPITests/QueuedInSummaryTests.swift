import Foundation
import Testing
@testable import HealthAPI

/// Write intents show beside summary totals, never inside them, through the real queue.
@Suite struct QueuedInSummaryTests {
    @Test func queuedCaloriesAreShownSeparatelyInSummariesAndQueries() async throws {
        let app = TestApp()
        // 1,800 kcal eaten and synced; 400 kcal queued by an agent for the same day (2026-04-10, Berlin).
        let meal = sampleJSON("meal-1", metric: "dietary_energy_kcal", start: 1_775_808_000_000, minutes: 0, value: 1800, unit: "kcal", source: "MyFitnessPal")
        #expect(await app.send(.post, "/health/ingest", body: body([meal])).status == 200)
        let intent = String(decoding: try JSONSerialization.data(withJSONObject: calorieIntent("snack-1", kcal: 400)), as: UTF8.self)
        #expect(await app.send(.post, "/health/write-intents", body: intent).status == 200)

        let summary = await app.send(.get, "/health/summary/daily?day=2026-04-10&timezone=Europe/Berlin")
        #expect(summary.status == 200)
        let dietary = (summary.json["metrics"] as? [String: Any])?["dietary_energy_kcal"] as? [String: Any]
        #expect(dietary?["total"] as? Double == 1800)
        let text = summary.json["text"] as? String ?? ""
        #expect(text.contains("+400 kcal"), "\(text)")
        #expect(text.contains("1,800 kcal"), "\(text)")
        #expect(!text.contains("2,200"), "\(text)")

        let query = await app.send(.post, "/health/query", body: #"{"intent":"daily_summary","day":"2026-04-10","timezone":"Europe/Berlin"}"#)
        #expect(query.status == 200)
        #expect(query.json["kind"] as? String == "daily_summary")
        #expect((query.json["text"] as? String)?.contains("+400 kcal") == true)

        let capabilities = await app.send(.get, "/health/capabilities")
        let writes = capabilities.json["writeIntents"] as? [String: Any]
        #expect(writes?["available"] as? Bool == true)
        #expect((writes?["kinds"] as? [[String: Any]])?.compactMap { $0["metric"] as? String }.contains("dietary_energy_kcal") == true)
    }
}
