import Foundation
import Testing
import HTTPTransport
@testable import HealthAPI
@testable import HealthStore

/// The on-phone read API through the router: the seed's examples, date semantics, CSV,
/// units, errors and the rate limit.
@Suite struct ReadAPITests {
    /// 2026-01-01T08:30:00Z and friends, in ms.
    static func ms(_ iso: String) -> Int64 { Int64(ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970 * 1000) }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast().description
    }

    static func sample(_ key: String, _ metric: String, _ start: String, _ end: String, value: Double? = nil, unit: String,
                       category: String? = nil, source: String = "iPhone", device: String? = nil) -> String {
        var fields = ["\"sampleKey\": \"\(key)\"", "\"metric\": \"\(metric)\"", "\"startTimeMs\": \(ms(start))", "\"endTimeMs\": \(ms(end))",
                      "\"unit\": \"\(unit)\"", "\"sourceName\": \(json(source))", "\"timezone\": \"UTC\""]
        if let value { fields.append("\"valueNumber\": \(value)") }
        if let category { fields.append("\"categoryValue\": \"\(category)\"") }
        if let device { fields.append("\"device\": \(json(device))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// The seed's two example records (steps from the iPhone, heart rate from the watch).
    static func seedExample(_ app: TestApp) async {
        let samples = [
            sample("s1", "steps", "2026-01-01T00:00:00Z", "2026-01-01T23:59:59Z", value: 8432, unit: "count", device: "iPhone 16 Pro"),
            sample("h1", "heart_rate", "2026-01-01T08:30:00Z", "2026-01-01T08:30:00Z", value: 72, unit: "bpm", source: "Apple Watch", device: "Apple Watch Series 10"),
        ]
        let reply = await app.send(.post, "/health/ingest", body: "{\"samples\": [\(samples.joined(separator: ","))]}")
        #expect(reply.status == 200)
    }

    @Test func seedJSONExampleAnswersWithTheSeedsShape() async throws {
        let app = TestApp { $0.defaultTimezone = "UTC" }
        await Self.seedExample(app)
        let reply = await app.send(.get, "/health-data?types=steps,heart_rate&start=2026-01-01&end=2026-01-07")
        #expect(reply.status == 200)
        #expect(reply.streamed)
        #expect(reply.header("Content-Type") == "application/json")
        let data = try #require(reply.json["data"] as? [String: [[String: Any]]])
        let steps = try #require(data["steps"]?.first)
        #expect(steps["value"] as? Double == 8432)
        #expect(steps["unit"] as? String == "count")
        #expect(steps["start_date"] as? String == "2026-01-01T00:00:00Z")
        #expect(steps["end_date"] as? String == "2026-01-01T23:59:59Z")
        #expect(steps["source"] as? String == "iPhone")
        #expect(steps["device"] as? String == "iPhone 16 Pro")
        let heart = try #require(data["heart_rate"]?.first)
        #expect(heart["value"] as? Double == 72)
        #expect(heart["unit"] as? String == "bpm")
        #expect(heart["source"] as? String == "Apple Watch")
        let metadata = try #require(reply.json["metadata"] as? [String: Any])
        #expect(metadata["total_records"] as? Int == 2)
        #expect(metadata["types_requested"] as? [String] == ["steps", "heart_rate"])
        #expect(metadata["query_time_ms"] is Int)
        #expect(metadata["date_range"] as? [String: String] == ["start": "2026-01-01T00:00:00Z", "end": "2026-01-07T23:59:59Z"])
    }

    @Test func datesAreLocalDaysInTheConfiguredZone() async throws {
        let app = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let reply = await app.send(.get, "/health-data?types=steps&start=2026-03-12&end=2026-03-12")
        #expect(reply.status == 200)
        let range = (reply.json["metadata"] as? [String: Any])?["date_range"] as? [String: String]
        #expect(range == ["start": "2026-03-11T23:00:00Z", "end": "2026-03-12T22:59:59Z"])
        // A timestamp is that instant; end defaults to now (the test clock).
        let instant = await app.send(.get, "/health-data?types=steps&start=2026-03-12T10:00:00Z")
        let open = (instant.json["metadata"] as? [String: Any])?["date_range"] as? [String: String]
        #expect(open == ["start": "2026-03-12T10:00:00Z", "end": HealthDataQuery.seconds(1_775_800_000_000)])
    }

    @Test func recordsOutsideTheRangeAndOverTheLimitAreLeftOut() async throws {
        let app = TestApp { $0.defaultTimezone = "UTC" }
        let samples = (0..<5).map { i in
            Self.sample("k\(i)", "step_count", "2026-02-0\(i + 1)T12:00:00Z", "2026-02-0\(i + 1)T12:10:00Z", value: Double(100 + i), unit: "count")
        }
        #expect(await app.send(.post, "/health/ingest", body: "{\"samples\": [\(samples.joined(separator: ","))]}").status == 200)
        let ranged = await app.send(.get, "/health-data?types=steps&start=2026-02-02&end=2026-02-04")
        let values = ((ranged.json["data"] as? [String: Any])?["steps"] as? [[String: Any]])?.compactMap { $0["value"] as? Double }
        #expect(values == [101, 102, 103])
        let limited = await app.send(.get, "/health-data?types=steps,step_count&start=2026-02-01&limit=2")
        let data = limited.json["data"] as? [String: [[String: Any]]]
        #expect(data?["steps"]?.count == 2)
        #expect(data?["step_count"]?.compactMap { $0["value"] as? Double } == [100, 101])
        #expect((limited.json["metadata"] as? [String: Any])?["total_records"] as? Int == 4)
    }

    @Test func seedUnitsAreConvertedFromTheStoredUnit() async throws {
        let app = TestApp { $0.defaultTimezone = "UTC" }
        let samples = [
            Self.sample("o1", "oxygen_saturation", "2026-01-02T08:00:00Z", "2026-01-02T08:00:00Z", value: 0.97, unit: "fraction"),
            Self.sample("d1", "distance_walking_running", "2026-01-02T08:00:00Z", "2026-01-02T08:30:00Z", value: 1.5, unit: "km"),
            Self.sample("z1", "height", "2026-01-02T08:00:00Z", "2026-01-02T08:00:00Z", value: 180, unit: "cm"),
            Self.sample("sl", "sleep_analysis", "2026-01-02T01:00:00Z", "2026-01-02T02:00:00Z", unit: "category", category: "asleepDeep"),
        ]
        #expect(await app.send(.post, "/health/ingest", body: "{\"samples\": [\(samples.joined(separator: ","))]}").status == 200)
        let reply = await app.send(.get, "/health-data?types=blood_oxygen,distance,height,sleep,oxygen_saturation_percent&start=2026-01-01")
        let data = try #require(reply.json["data"] as? [String: [[String: Any]]])
        #expect(data["blood_oxygen"]?.first?["value"] as? Double == 97)
        #expect(data["blood_oxygen"]?.first?["unit"] as? String == "%")
        #expect(data["distance"]?.first?["value"] as? Double == 1500)
        #expect(data["distance"]?.first?["unit"] as? String == "m")
        #expect(data["height"]?.first?["value"] as? Double == 1.8)
        #expect(data["sleep"]?.first?["value"] as? String == "asleepDeep")
        #expect(data["sleep"]?.first?["unit"] as? String == "category")
        #expect(data["oxygen_saturation_percent"]?.first?["value"] as? Double == 97)
    }

    @Test func csvHasTheSeedsHeaderAndQuotesAsRFC4180Says() async throws {
        let app = TestApp { $0.defaultTimezone = "UTC" }
        await Self.seedExample(app)
        let tricky = Self.sample("q1", "steps", "2026-01-02T00:00:00Z", "2026-01-02T01:00:00Z", value: 12.5, unit: "count",
                                 source: "Jane's \"Watch\", left", device: "line\nbreak")
        #expect(await app.send(.post, "/health/ingest", body: "{\"samples\": [\(tricky)]}").status == 200)
        let reply = await app.send(.get, "/health-data?types=steps,heart_rate&start=2026-01-01&end=2026-01-07&format=csv")
        #expect(reply.status == 200)
        #expect(reply.streamed)
        #expect(reply.header("Content-Type") == "text/csv; charset=utf-8")
        let text = String(decoding: reply.response.body, as: UTF8.self)
        #expect(text == """
        type,value,unit,start_date,end_date,source,device\r
        steps,8432,count,2026-01-01T00:00:00Z,2026-01-01T23:59:59Z,iPhone,iPhone 16 Pro\r
        steps,12.5,count,2026-01-02T00:00:00Z,2026-01-02T01:00:00Z,"Jane's ""Watch"", left","line
        break"\r
        heart_rate,72,bpm,2026-01-01T08:30:00Z,2026-01-01T08:30:00Z,Apple Watch,Apple Watch Series 10\r

        """)
        // Accept: text/csv chooses CSV when format is absent.
        let accepted = await app.send(.get, "/health-data?types=steps&start=2026-01-01", headers: [("Accept", "text/csv")])
        #expect(String(decoding: accepted.response.body, as: UTF8.self).hasPrefix("type,value,unit,start_date,end_date,source,device\r\n"))
    }

    @Test func wrongQueriesGetTheSeedsCodes() async throws {
        let app = TestApp { $0.defaultTimezone = "UTC" }
        let missingTypes = await app.send(.get, "/health-data?start=2026-01-01")
        #expect(missingTypes.status == 400)
        #expect(missingTypes.errorCode == "INVALID_PARAMETERS")
        #expect(missingTypes.errorDetails?["field"] as? String == "types")
        let missingStart = await app.send(.get, "/health-data?types=steps")
        #expect(missingStart.errorCode == "INVALID_PARAMETERS")
        #expect(missingStart.errorDetails?["field"] as? String == "start")
        let unknown = await app.send(.get, "/health-data?types=steps,invalid_type&start=2026-01-01")
        #expect(unknown.status == 400)
        #expect(unknown.errorCode == "INVALID_TYPE")
        let reversed = await app.send(.get, "/health-data?types=steps&start=2026-01-07&end=2026-01-01")
        #expect(reversed.status == 400)
        #expect(reversed.errorCode == "INVALID_DATE_RANGE")
        #expect(reversed.errorMessage == "start must not be after end")
        #expect(reversed.errorDetails?["start"] as? String == "2026-01-07")
        #expect(reversed.errorDetails?["end"] as? String == "2026-01-01")
        let badDate = await app.send(.get, "/health-data?types=steps&start=January")
        #expect(badDate.errorCode == "INVALID_PARAMETERS")
        let overLimit = await app.send(.get, "/health-data?types=steps&start=2026-01-01&limit=1000001")
        #expect(overLimit.errorCode == "INVALID_PARAMETERS")
        #expect(await app.send(.get, "/health-data?types=steps&start=2026-01-01&limit=1000000").status == 200)
        let badFormat = await app.send(.get, "/health-data?types=steps&start=2026-01-01&format=xml")
        #expect(badFormat.errorDetails?["field"] as? String == "format")
        let unauthorized = await app.send(.get, "/health-data?types=steps&start=2026-01-01", authorized: false)
        #expect(unauthorized.status == 401)
        #expect(unauthorized.errorCode == "UNAUTHORIZED")
    }

    @Test func typesListSeedIdsThenCatalogNamesWithPermission() async throws {
        let app = TestApp { $0.defaultTimezone = "UTC" }
        await Self.seedExample(app)
        let reply = await app.send(.get, "/types")
        #expect(reply.status == 200)
        let types = try #require(reply.json["types"] as? [[String: Any]])
        let byID = Dictionary(types.map { ($0["id"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(Array(types.prefix(3)).compactMap { $0["id"] as? String } == ["steps", "heart_rate", "active_energy"])
        #expect(byID["steps"]?["name"] as? String == "Step Count")
        #expect(byID["steps"]?["healthkit_type"] as? String == "HKQuantityTypeIdentifierStepCount")
        #expect(byID["steps"]?["permission"] as? String == "authorized")
        #expect(byID["sleep"]?["permission"] as? String == "not_determined")
        #expect(byID["sleep"]?["unit"] as? String == "category")
        #expect(byID["blood_oxygen"]?["unit"] as? String == "%")
        #expect(byID["distance"]?["unit"] as? String == "m")
        // Every catalog name is a type too.
        for metric in app.app.services.catalog.metrics { #expect(byID[metric.rawValue] != nil) }
        #expect(byID["step_count"]?["permission"] as? String == "authorized")
    }

    @Test func infoPingAndLiveness() async throws {
        let app = TestApp { $0.userID = "550e8400-e29b-41d4-a716-446655440000" }
        await Self.seedExample(app)
        let info = await app.send(.get, "/info")
        #expect(info.status == 200)
        #expect((info.json["user"] as? [String: Any])?["id"] as? String == "550e8400-e29b-41d4-a716-446655440000")
        #expect((info.json["server"] as? [String: Any])?["version"] as? String == HealthAPIVersion.current)
        #expect((info.json["storage"] as? [String: Any])?["samples"] as? Int == 2)
        #expect((info.json["healthkit"] as? [String: Any])?["authorized_types"] as? Int == 4)
        let ping = await app.send(.get, "/ping")
        #expect(ping.json["pong"] as? Bool == true)
        #expect(ping.json["timestamp"] as? String == "2026-04-10T05:46:40Z")
        let health = await app.send(.get, "/health", authorized: false)
        #expect(health.json["uptime"] is Int)
        #expect(health.json["timestamp"] as? String == "2026-04-10T05:46:40Z")
        #expect(health.json["status"] as? String == "ok")
    }

    @Test func generatedUserIdIsKeptInTheDatabase() async throws {
        let app = TestApp()
        let first = try await app.app.services.user.id()
        #expect(UserIdentity.isUUID(first))
        let again = UserIdentity(configured: nil, pool: app.store.pool)
        #expect(try await again.id() == first)
    }

    @Test func sixtyFirstRequestInAMinuteIsRateLimited() async throws {
        let app = TestApp()
        for i in 1...60 {
            let reply = await app.send(.get, "/ping", from: "10.0.0.7")
            #expect(reply.status == 200)
            #expect(reply.header("X-RateLimit-Limit") == "60")
            #expect(reply.header("X-RateLimit-Remaining") == String(60 - i))
            #expect(reply.header("X-RateLimit-Reset") == "1775800060")
        }
        let limited = await app.send(.get, "/types", from: "10.0.0.7")
        #expect(limited.status == 429)
        #expect(limited.errorCode == "RATE_LIMITED")
        #expect(limited.header("Retry-After") == "60")
        #expect(limited.header("X-RateLimit-Limit") == "60")
        #expect(limited.header("X-RateLimit-Remaining") == "0")
        #expect(limited.header("X-RateLimit-Reset") == "1775800060")
        // Another address has its own budget; other routes are not counted.
        #expect(await app.send(.get, "/ping", from: "10.0.0.8").status == 200)
        let other = await app.send(.get, "/health/types", from: "10.0.0.7")
        #expect(other.status == 200)
        #expect(other.header("X-RateLimit-Limit") == nil)
    }

    @Test func requestIdIsEchoedAndResponseTimeGiven() async throws {
        let app = TestApp()
        let reply = await app.send(.get, "/ping", headers: [("X-Request-ID", "trace-42")])
        #expect(reply.header("X-Request-ID") == "trace-42")
        #expect(reply.header("X-Response-Time")?.hasSuffix("ms") == true)
        let generated = await app.send(.get, "/nope")
        #expect(generated.header("X-Request-ID")?.isEmpty == false)
        #expect(generated.header("X-Response-Time") != nil)
    }
}
