import Foundation
import Testing
import HTTPTransport
@testable import HealthAPI

/// `POST /api/v1/observations/batch` through the router: the seed's example, partial
/// success, limits, the user check, re-sends and the local days of what was stored.
@Suite struct ObservationBatchTests {
    static let user = "550e8400-e29b-41d4-a716-446655440000"

    static func app(timezone: String = "America/Los_Angeles") -> TestApp {
        TestApp { $0.userID = user; $0.defaultTimezone = timezone }
    }

    static func observation(slug: String = "Heart Rate", at time: String = "2026-04-04T14:30:00Z", value: Double = 72,
                            unit: String = "bpm", user: String = user, extra: String = "") -> String {
        """
        {"xuser_id": "\(user)", "biosignal_slug": "\(slug)", "effective_datetime": "\(time)", "value_quantity": \(value), \
        "value_unit": "\(unit)", "source_slug": "apple_health"\(extra)}
        """
    }

    static func batch(_ observations: [String]) -> String { "{\"observations\": [\(observations.joined(separator: ","))]}" }

    /// The seed's request body, verbatim.
    static let seedExample = """
    {"observations": [
      {"xuser_id": "550e8400-e29b-41d4-a716-446655440000", "biosignal_slug": "Heart Rate", "effective_datetime": "2026-04-04T14:30:00Z",
       "value_quantity": 72, "value_unit": "bpm", "source_slug": "apple_health",
       "metadata": {"hk_source": "com.apple.health", "hk_device": "Apple Watch Series 9"}},
      {"xuser_id": "550e8400-e29b-41d4-a716-446655440000", "biosignal_slug": "Oxygen Saturation", "effective_datetime": "2026-04-04T14:30:00Z",
       "value_quantity": 98, "value_unit": "%", "source_slug": "apple_health"}
    ]}
    """

    @Test func seedExampleCreatesBothAndAReSendCreatesNothing() async throws {
        let app = Self.app()
        let first = await app.send(.post, "/api/v1/observations/batch", body: Self.seedExample)
        #expect(first.status == 201)
        #expect(first.json["created"] as? Int == 2)
        #expect((first.json["errors"] as? [Any])?.isEmpty == true)
        let again = await app.send(.post, "/api/v1/observations/batch", body: Self.seedExample)
        #expect(again.status == 201)
        #expect(again.json["created"] as? Int == 0)
        let page = await app.send(.get, "/health/raw?metric=heart_rate_bpm")
        let samples = try #require(page.json["samples"] as? [[String: Any]])
        #expect(samples.count == 1)
        #expect(samples.first?["sourceName"] as? String == "com.apple.health")
        #expect(samples.first?["device"] as? String == "Apple Watch Series 9")
        #expect(samples.first?["timezone"] as? String == "America/Los_Angeles")
        let spo2 = await app.send(.get, "/health/raw?metric=oxygen_saturation_percent")
        let stored = (spo2.json["samples"] as? [[String: Any]])?.first
        #expect(stored?["valueNumber"] as? Double == 98)
        #expect(stored?["sourceName"] as? String == "apple_health")
    }

    @Test func changedValueUpdatesInsteadOfDuplicating() async throws {
        let app = Self.app()
        #expect(await app.send(.post, "/api/v1/observations/batch", body: Self.batch([Self.observation(value: 72)])).json["created"] as? Int == 1)
        let changed = await app.send(.post, "/api/v1/observations/batch", body: Self.batch([Self.observation(value: 75)]))
        #expect(changed.status == 201)
        #expect(changed.json["created"] as? Int == 0)
        let page = await app.send(.get, "/health/raw?metric=heart_rate_bpm")
        let values = (page.json["samples"] as? [[String: Any]])?.compactMap { $0["valueNumber"] as? Double }
        #expect(values == [75])
    }

    @Test func partialSuccessIs207WithTheSeedsErrorShape() async throws {
        let app = Self.app()
        let reply = await app.send(.post, "/api/v1/observations/batch",
                                   body: Self.batch([Self.observation(), Self.observation(slug: "invalid_type")]))
        #expect(reply.status == 207)
        #expect(reply.json["created"] as? Int == 1)
        let errors = try #require(reply.json["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["index"] as? Int == 1)
        #expect(errors.first?["error"] as? String == "Unknown biosignal_slug: invalid_type")
        // Nothing valid at all is still 207, with every error.
        let none = await app.send(.post, "/api/v1/observations/batch",
                                  body: Self.batch([Self.observation(value: 900), Self.observation(unit: "kg")]))
        #expect(none.status == 207)
        #expect(none.json["created"] as? Int == 0)
        #expect((none.json["errors"] as? [[String: Any]])?.compactMap { $0["index"] as? Int } == [0, 1])
    }

    @Test func moreThanAThousandIs413AndNothingIsStored() async throws {
        let app = Self.app()
        let many = (0..<1001).map { i in Self.observation(at: "2026-04-04T14:\(String(format: "%02d", i / 60)):\(String(format: "%02d", i % 60))Z") }
        let reply = await app.send(.post, "/api/v1/observations/batch", body: Self.batch(many))
        #expect(reply.status == 413)
        #expect(reply.errorCode == "PAYLOAD_TOO_LARGE")
        let ok = await app.send(.post, "/api/v1/observations/batch", body: Self.batch(Array(many.prefix(1000))))
        #expect(ok.status == 201)
        #expect(ok.json["created"] as? Int == 1000)
    }

    @Test func anotherUsersObservationRefusesTheWholeBatch() async throws {
        let app = Self.app()
        let other = Self.observation(at: "2026-04-04T15:00:00Z", user: "11111111-2222-4333-8444-555555555555")
        let reply = await app.send(.post, "/api/v1/observations/batch", body: Self.batch([Self.observation(), other]))
        #expect(reply.status == 403)
        #expect(reply.errorCode == "FORBIDDEN")
        #expect(reply.errorDetails?["field"] as? String == "observations[1].xuser_id")
        let page = await app.send(.get, "/health/raw?metric=heart_rate_bpm")
        #expect((page.json["samples"] as? [Any])?.isEmpty == true)
    }

    @Test func healthKitTypeInMetadataDecidesBetweenTypesOfOneSlug() async throws {
        let app = Self.app()
        let resting = Self.observation(value: 55, extra: #", "metadata": {"hk_type": "HKQuantityTypeIdentifier.restingHeartRate"}"#)
        let walking = Self.observation(at: "2026-04-04T15:00:00Z", value: 95, extra: #", "metadata": {"hk_type": "HKQuantityTypeIdentifierWalkingHeartRateAverage"}"#)
        let reply = await app.send(.post, "/api/v1/observations/batch", body: Self.batch([resting, walking]))
        #expect(reply.json["created"] as? Int == 2)
        let rhr = await app.send(.get, "/health/raw?metric=resting_heart_rate_bpm")
        #expect((rhr.json["samples"] as? [[String: Any]])?.first?["valueNumber"] as? Double == 55)
        let walk = await app.send(.get, "/health/raw?metric=walking_heart_rate_average_bpm")
        #expect((walk.json["samples"] as? [[String: Any]])?.first?["valueNumber"] as? Double == 95)
        #expect((await app.send(.get, "/health/raw?metric=heart_rate_bpm").json["samples"] as? [Any])?.isEmpty == true)
    }

    @Test func bloodPressureSideComesFromTheLOINCCode() async throws {
        let app = Self.app()
        let systolic = Self.observation(slug: "Blood Pressure", value: 120, unit: "mmHg", extra: #", "loinc_code": "8480-6""#)
        let diastolic = Self.observation(slug: "Blood Pressure", value: 80, unit: "mmHg", extra: #", "loinc_code": "8462-4""#)
        let sideless = Self.observation(slug: "Blood Pressure", value: 80, unit: "mmHg")
        let reply = await app.send(.post, "/api/v1/observations/batch", body: Self.batch([systolic, diastolic, sideless]))
        #expect(reply.status == 207)
        #expect(reply.json["created"] as? Int == 2)
        #expect((reply.json["errors"] as? [[String: Any]])?.first?["index"] as? Int == 2)
        let page = await app.send(.get, "/health/raw?metric=blood_pressure_mmhg")
        let sides = (page.json["samples"] as? [[String: Any]])?.compactMap { $0["categoryValue"] as? String }.sorted()
        #expect(sides == ["diastolic", "systolic"])
    }

    @Test func storedObservationsCountOnTheirLocalDay() async throws {
        // 03:30 UTC on 5 April is the evening of 4 April in Los Angeles.
        let app = Self.app(timezone: "America/Los_Angeles")
        let steps = [
            Self.observation(slug: "Step Count", at: "2026-04-05T03:30:00Z", value: 1200, unit: "steps"),
            Self.observation(slug: "Step Count", at: "2026-04-05T18:00:00Z", value: 800, unit: "steps"),
        ]
        #expect(await app.send(.post, "/api/v1/observations/batch", body: Self.batch(steps)).status == 201)
        let daily = await app.send(.get, "/health/daily?from=2026-04-03&to=2026-04-06")
        let days = try #require(daily.json["days"] as? [[String: Any]])
        let totals = days.map { ($0["dayKey"] as? String, (($0["metrics"] as? [String: Any])?["step_count"] as? [String: Any])?["total"] as? Double) }
        #expect(totals.map(\.0) == ["2026-04-04", "2026-04-05"])
        #expect(totals.map(\.1) == [1200, 800])
        let summary = await app.send(.get, "/health/summary/daily?day=2026-04-04&timezone=America/Los_Angeles")
        let metric = (summary.json["metrics"] as? [String: Any])?["step_count"] as? [String: Any]
        #expect(metric?["total"] as? Double == 1200)
    }

    @Test func wrongShapesAre400() async throws {
        let app = Self.app()
        #expect(await app.send(.post, "/api/v1/observations/batch", body: "[]").status == 400)
        #expect(await app.send(.post, "/api/v1/observations/batch", body: "{\"observations\": 3}").status == 400)
        #expect(await app.send(.post, "/api/v1/observations/batch", body: "{\"observations\": [3]}").status == 400)
        #expect(await app.send(.post, "/api/v1/observations/batch", body: "{\"items\": []}").status == 400)
        let empty = await app.send(.post, "/api/v1/observations/batch", body: "{\"observations\": []}")
        #expect(empty.status == 201)
        #expect(empty.json["created"] as? Int == 0)
    }
}

extension ObservationBatchTests {
    @Test func typedMembersOfTheWrongTypeAre400AndMissingOnesArePerObservation() async throws {
        let app = Self.app()
        let wrong = await app.send(.post, "/api/v1/observations/batch", body: #"{"observations": [{"xuser_id": "550e8400-e29b-41d4-a716-446655440000", "effective_datetime": 5}]}"#)
        #expect(wrong.status == 400)
        #expect(wrong.errorDetails?["field"] as? String == "observations[0].effective_datetime")
        let nulled = await app.send(.post, "/api/v1/observations/batch", body: #"{"observations": [{"xuser_id": null}]}"#)
        #expect(nulled.status == 400)
        let missing = await app.send(.post, "/api/v1/observations/batch", body: #"{"observations": [{"biosignal_slug": "Heart Rate", "value_quantity": 70, "value_unit": "bpm"}]}"#)
        #expect(missing.status == 207)
        let message = (missing.json["errors"] as? [[String: Any]])?.first?["error"] as? String
        #expect(message?.contains("xuser_id is required") == true)
        #expect(message?.contains("effective_datetime is required") == true)
    }
}
