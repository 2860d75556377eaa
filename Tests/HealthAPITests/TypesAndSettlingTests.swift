import Foundation
import HealthDomain
import HealthFormats
import Locking
import Testing
@testable import HealthAPI

/// `GET /health/types` and last night's provisional mark.
@Suite struct TypesAndSettlingTests {
    /// 2026-04-10 08:00 Europe/Berlin.
    static let morning: Int64 = 1_775_800_800_000

    static func segment(_ key: String, _ stage: String, from start: Int64, minutes: Int64) -> String {
        """
        {"sampleKey": "\(key)", "metric": "sleep_segment", "startTimeMs": \(start), "endTimeMs": \(start + minutes * 60_000),
         "categoryValue": "\(stage)", "unit": "category", "sourceName": "Apple Watch", "timezone": "Europe/Berlin"}
        """
    }

    @Test func typesListTheCatalogAndWhatIsStored() async throws {
        let app = TestApp(clock: .fixed(Self.morning))
        let body = """
        {"samples": [
          {"sampleKey": "s1", "metric": "steps", "startTimeMs": 1775790000000, "endTimeMs": 1775790600000, "valueNumber": 500, "unit": "count", "timezone": "UTC"},
          {"sampleKey": "s2", "metric": "step_count", "startTimeMs": 1775793600000, "endTimeMs": 1775794200000, "valueNumber": 700, "unit": "count", "timezone": "UTC"},
          {"sampleKey": "r1", "metric": "made_up_metric", "startTimeMs": 1775790000000, "endTimeMs": 1775790000000, "valueNumber": 1, "unit": "x", "timezone": "UTC"}
        ]}
        """
        #expect(await app.send(.post, "/health/ingest", body: body).status == 200)
        let reply = await app.send(.get, "/health/types")
        #expect(reply.status == 200)
        let types = try #require(reply.json["types"] as? [[String: Any]])
        #expect(reply.json["count"] as? Int == types.count)
        #expect(types.count == MetricCatalog.standard.specs.count + 1)
        let steps = try #require(types.first { $0["metric"] as? String == "step_count" })
        #expect(steps["kind"] as? String == "cumulativeDeduplicated")
        #expect(steps["healthKitIdentifier"] as? String == "HKQuantityTypeIdentifierStepCount")
        #expect((steps["aliases"] as? [String])?.contains("steps") == true)
        let stored = try #require(steps["samples"] as? [String: Any])
        #expect(stored["count"] as? Int == 2)
        #expect(stored["firstMs"] as? Int64 == 1_775_790_000_000)
        #expect(stored["lastMs"] as? Int64 == 1_775_794_200_000)
        let raw = try #require(types.first { $0["metric"] as? String == "made_up_metric" })
        #expect(raw["kind"] as? String == "raw")
        #expect((raw["samples"] as? [String: Any])?["count"] as? Int == 1)
        let empty = try #require(types.first { $0["metric"] as? String == "body_mass_kg" })
        #expect((empty["samples"] as? [String: Any])?["count"] as? Int == 0)
    }

    @Test func lastNightIsProvisionalWhileItSyncs() async throws {
        // Segments 23:00–06:30; the summary is asked at 08:00 and at 10:00 the same day.
        let bed = Self.morning - 9 * 3_600_000
        let now = Locked<Int64>(Self.morning)
        let app = TestApp(clock: AppClock { now.withLock { $0 } })
        let body = """
        {"samples": [\(Self.segment("a", "asleepCore", from: bed, minutes: 240)), \(Self.segment("b", "asleepDeep", from: bed + 240 * 60_000, minutes: 210))]}
        """
        #expect(await app.send(.post, "/health/ingest", body: body).status == 200)
        let path = "/health/summary/daily?day=2026-04-10&timezone=Europe/Berlin"
        // Just arrived (0 minutes ago): provisional, although the night ended 90 minutes ago.
        let fresh = await app.send(.get, path)
        let night = try #require((fresh.json["metrics"] as? [String: Any])?["sleep_segment"] as? [String: Any])
        #expect(night["provisional"] as? Bool == true)
        #expect((fresh.json["text"] as? String)?.contains("slept 7 h 30 min (deep 3 h 30, REM 0 min) (provisional: the night is still syncing)") == true)
        // Two hours later nothing new has arrived and the last segment ended long ago: settled.
        now.withLock { $0 += 2 * 3_600_000 }
        let settled = await app.send(.get, path)
        let later = try #require((settled.json["metrics"] as? [String: Any])?["sleep_segment"] as? [String: Any])
        #expect(later["provisional"] as? Bool == false)
        #expect((settled.json["text"] as? String)?.contains("provisional") == false)
    }
}
