import Testing
@testable import HealthAPI

/// Regression tests for a fuzzing finding: durations that do not fit in milliseconds
/// (an aggregated night's `asleep` of 1e300 hours, a stage's `qty`) trapped converting
/// to Int64. They are now refused as range errors, and nothing is stored.
@Suite struct HealthAutoExportOverflowTests {
    @Test(arguments: ["1e300", "49", "1e18"])
    func anAggregatedNightLongerThanTwoDaysIsARangeError(asleep: String) async {
        let app = TestApp()
        let reply = await app.send(.post, "/health/hae", body: """
            {"data": {"metrics": [{"name": "sleep_analysis", "units": "hr", "data": [
              {"date": "2026-05-14 09:00:00 +0200", "sleepStart": "2026-05-13 23:00:00 +0200",
               "sleepEnd": "2026-05-14 07:00:00 +0200", "asleep": \(asleep), "source": "Apple Watch"}]}]}}
            """)
        #expect(reply.status == 422)
        let errors = reply.errorDetails?["errors"] as? [[String: Any]] ?? []
        #expect(errors.contains { ($0["code"] as? String) == "range" && ($0["field"] as? String)?.hasSuffix(".asleep") == true })
    }

    @Test func aStageWithAnEnormousDurationIsARangeError() async {
        let app = TestApp()
        let reply = await app.send(.post, "/health/hae", body: """
            {"data": {"metrics": [{"name": "sleep_deep", "units": "hr", "data": [
              {"date": "2026-05-14 01:00:00 +0200", "qty": 1e300, "source": "Apple Watch"}]}]}}
            """)
        #expect(reply.status == 422)
        let raw = await app.send(.get, "/health/raw?metric=sleep_segment&limit=10")
        #expect((raw.json["samples"] as? [[String: Any]])?.isEmpty == true)
    }
}
