import Foundation
import HealthDomain
import HealthFormats
import Testing
@testable import HealthAPI

/// One heart-rate reading arriving by three paths — the HealthSave app, Health Auto
/// Export and native ingest with the shared derived key — is one sample.
@Suite struct ThreePathsTests {
    @Test func oneReadingByThreePathsCountsOnce() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        // 2026-04-10T12:00:00Z = 14:00 in Berlin.
        let instant: Int64 = 1_775_822_400_000
        let healthSave = await app.send(.post, "/api/apple/batch", body: """
            {"metric": "heart_rate", "batch_index": 0, "total_batches": 1,
             "samples": [{"date": "2026-04-10T12:00:00Z", "qty": 72, "source": "Apple Watch"}]}
            """)
        #expect(healthSave.status == 200)
        let hae = await app.send(.post, "/health/hae", body: """
            {"data": {"metrics": [{"name": "heart_rate", "units": "count/min",
              "data": [{"date": "2026-04-10 14:00:00 +0200", "Min": 72, "Avg": 72, "Max": 72, "source": "Apple Watch"}]}]}}
            """)
        #expect(hae.status == 200)
        let key = SampleKey.derived(metric: "heart_rate_bpm", source: "Apple Watch", startTimeMs: instant, endTimeMs: instant)
        let native = await app.send(.post, "/health/ingest", body: """
            {"samples": [{"sampleKey": "\(key)", "metric": "heart_rate", "startTimeMs": \(instant), "endTimeMs": \(instant),
              "valueNumber": 72, "unit": "bpm", "sourceName": "Apple Watch", "timezone": "Europe/Berlin"}]}
            """)
        #expect(native.status == 200)
        #expect(native.json["inserted"] as? Int == 0)
        let daily = await app.send(.get, "/health/daily?from=2026-04-10&to=2026-04-10")
        let day = try #require((daily.json["days"] as? [[String: Any]])?.first?["metrics"] as? [String: Any])
        let heartRate = try #require(day["heart_rate_bpm"] as? [String: Any])
        #expect(heartRate["sampleCount"] as? Int == 1)
        #expect(heartRate["avg"] as? Double == 72)
        let raw = await app.send(.get, "/health/raw?metric=heart_rate_bpm&limit=10")
        #expect((raw.json["samples"] as? [[String: Any]])?.count == 1)
    }
}
