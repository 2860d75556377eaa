import Foundation
import Testing
@testable import HealthAPI

/// Workouts and activity summaries end to end through the router: the hand-computed
/// fixtures in `Fixtures/workouts`, bad input, unchanged re-sends, and that workouts stay
/// out of day aggregates.
@Suite struct WorkoutTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/workouts")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".expected.json") }.map { String($0.dropLast(".expected.json".count)) }.sorted()
    }

    static func load(_ file: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(file))) as! [String: Any]
    }

    static func body(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func thereAreAWorkoutDayAndARingsDay() {
        #expect(Set(WorkoutTests.names).isSuperset(of: ["run-day", "rings-day"]))
    }

    @Test(arguments: WorkoutTests.names)
    func fixtureMatchesHandComputedAnswers(name: String) async throws {
        let fixture = try WorkoutTests.load("\(name).json")
        let expected = try WorkoutTests.load("\(name).expected.json")
        let app = TestApp()
        let responses = expected["responses"] as? [[String: Any]] ?? []
        for (i, request) in (fixture["requests"] as! [[String: Any]]).enumerated() {
            let reply = await app.send(.post, "/health/ingest", body: try WorkoutTests.body(request))
            let raw = String(decoding: reply.response.body, as: UTF8.self)
            guard i < responses.count else { continue }
            #expect(reply.status == (responses[i]["status"] as? Int ?? 200), "\(name) request \(i): \(raw)")
            for (key, want) in responses[i] where key != "status" {
                #expect(JSONMatch.matches(reply.json[key] as Any, want), "\(name) request \(i) \(key): got \(reply.json[key] ?? "nil")")
            }
        }
        for get in expected["gets"] as? [[String: Any]] ?? [] {
            let target = get["target"] as! String
            let body = try get["body"].map { try WorkoutTests.body($0) }
            let reply = await app.send(get["method"] as? String == "POST" ? .post : .get, target, body: body)
            let raw = String(decoding: reply.response.body, as: UTF8.self)
            #expect(reply.status == (get["status"] as? Int ?? 200), "\(name) \(target): \(raw)")
            for (key, want) in get["expect"] as? [String: Any] ?? [:] {
                let got = reply.json[key]
                #expect(got.map { JSONMatch.matches($0, want) } ?? false, "\(name) \(target) \(key): got \(got.map { "\($0)" } ?? "nil"), want \(want)")
            }
            if let suffix = get["textSuffix"] as? String {
                let text = reply.json["text"] as? String ?? ""
                #expect(text.hasSuffix(suffix), "\(name) \(target): text is \(text)")
            }
            for (day, metrics) in get["absentMetrics"] as? [String: [String]] ?? [:] {
                let days = reply.json["days"] as? [[String: Any]] ?? []
                let stored = days.first { $0["dayKey"] as? String == day }?["metrics"] as? [String: Any] ?? [:]
                for metric in metrics { #expect(stored[metric] == nil, "\(name): \(day) \(metric) should be absent") }
            }
        }
    }

    /// What `WorkoutInput` and `ActivitySummaryInput` promise is what the rules take: an
    /// optional member sent as null is absent, any length HealthKit writes is a distance
    /// unit, and rings may come under HealthSave's names alone.
    @Test func nullOptionalMembersAndHealthSaveNamesAreAcceptedAsDocumented() async throws {
        let app = TestApp()
        var workout = WorkoutTests.good
        for key in ["name", "durationSeconds", "activeEnergyUnit", "avgHeartRate", "heartRate", "route", "sourceName", "metadata"] { workout[key] = NSNull() }
        workout["distance"] = 21_097.5
        workout["distanceUnit"] = "m"
        var yards = WorkoutTests.good
        yards["workoutKey"] = "W-YD"
        yards["distance"] = 1_000
        yards["distanceUnit"] = "yd"
        let rings: [String: Any] = ["date": "2026-04-10", "activeEnergyBurned": 540, "appleStandHours": 12, "standGoalHours": NSNull()]
        let reply = await app.send(.post, "/health/ingest", body: try WorkoutTests.body(["workouts": [workout, yards], "activitySummaries": [rings]]))
        #expect(reply.status == 200, "\(String(decoding: reply.response.body, as: UTF8.self))")
        #expect(reply.json["workoutsInserted"] as? Int == 2)
        #expect(reply.json["activitySummariesUpserted"] as? Int == 1)
        let stored = await app.send(.get, "/health/workouts/W-YD")
        #expect(abs((stored.json["distanceKm"] as? Double ?? 0) - 0.9144) < 1e-9)
    }

    static var good: [String: Any] {
        ["workoutKey": "W-GOOD", "activityType": "running", "startTimeMs": 1_775_804_400_000, "endTimeMs": 1_775_807_100_000,
         "distance": 6.5, "activeEnergy": 420, "timezone": "Europe/Berlin"]
    }

    static func changed(_ changes: [String: Any]) -> [String: Any] {
        var workout = good
        workout["workoutKey"] = "W-BAD"
        for (key, value) in changes { workout[key] = value }
        return workout
    }

    /// One bad workout: the members that differ from `good` (as JSON text), and the field and rule the error names.
    struct BadCase: Sendable, CustomStringConvertible {
        var changes: String
        var field: String
        var code: String
        init(_ changes: String, _ field: String, _ code: String) {
            self.changes = changes
            self.field = field
            self.code = code
        }
        var description: String { "\(field) \(code)" }
    }

    static let badCases: [BadCase] = [
        BadCase(#"{"activityType": "moonwalking"}"#, "workouts[1].activityType", "unknown_value"),
        BadCase(#"{"endTimeMs": 1775804399999}"#, "workouts[1].endTimeMs", "order"),
        BadCase(#"{"endTimeMs": 1775980800000}"#, "workouts[1].endTimeMs", "range"),
        BadCase(#"{"distance": "NaN"}"#, "workouts[1].distance", "type"),
        BadCase(#"{"distance": 1200, "distanceUnit": "mi"}"#, "workouts[1].distance", "range"),
        BadCase(#"{"distanceUnit": "furlong"}"#, "workouts[1].distanceUnit", "unknown_value"),
        BadCase(#"{"activeEnergyUnit": "BTU"}"#, "workouts[1].activeEnergyUnit", "unknown_value"),
        BadCase(#"{"avgHeartRate": 400}"#, "workouts[1].avgHeartRate", "range"),
        BadCase(#"{"route": [{"timeMs": 1775804460000, "latitude": 91, "longitude": 13.4}]}"#, "workouts[1].route[0].latitude", "range"),
        BadCase(#"{"route": [{"timeMs": 1775804460000, "latitude": 52.5, "longitude": -181}]}"#, "workouts[1].route[0].longitude", "range"),
        BadCase(#"{"heartRate": [{"timeMs": 1775804460000}]}"#, "workouts[1].heartRate[0].bpm", "required"),
        BadCase(#"{"timezone": "Mars/Olympus"}"#, "workouts[1].timezone", "timezone"),
        BadCase(#"{"startTimeMs": 4102444800000, "endTimeMs": 4102444800001}"#, "workouts[1].startTimeMs", "range"),
    ]

    /// Each bad workout beside a good one: 207, an error entry naming the field and the
    /// rule, the bad one not stored, the good one stored. (A NaN cannot be written in JSON: the
    /// rules' not_finite check is covered in WorkoutRulesTests.)
    @Test(arguments: WorkoutTests.badCases)
    func badWorkoutIsRejectedNamingFieldAndRule(_ bad: BadCase) async throws {
        let app = TestApp()
        let good = try WorkoutTests.body(WorkoutTests.good)
        // The members the case sets are left out of the base, so no member appears twice.
        let named = try NSRegularExpression(pattern: #"^\{"(\w+)":|, "(\w+)":"#).matches(in: bad.changes, range: NSRange(bad.changes.startIndex..., in: bad.changes))
        var baseMembers = WorkoutTests.changed([:])
        for match in named {
            for group in 1...2 where match.range(at: group).location != NSNotFound {
                if let range = Range(match.range(at: group), in: bad.changes) { baseMembers[String(bad.changes[range])] = nil }
            }
        }
        let base = try WorkoutTests.body(baseMembers)
        let badText = String(base.dropLast()) + "," + String(bad.changes.dropFirst())
        let reply = await app.send(.post, "/health/ingest", body: #"{"workouts": ["# + good + "," + badText + "]}")
        let raw = String(decoding: reply.response.body, as: UTF8.self)
        #expect(reply.status == 207, "\(raw)")
        #expect(reply.json["workoutsInserted"] as? Int == 1)
        #expect(reply.json["workoutsRejected"] as? Int == 1)
        let errors = reply.json["errors"] as? [[String: Any]] ?? []
        let listed = errors.contains { entry in
            entry["field"] as? String == bad.field && entry["code"] as? String == bad.code
                && entry["index"] as? Int == 1 && entry["workoutKey"] as? String == "W-BAD"
        }
        #expect(listed, "\(bad.field) \(bad.code): \(raw)")
        #expect(await app.send(.get, "/health/workouts/W-BAD").status == 404)
        #expect(await app.send(.get, "/health/workouts/W-GOOD").status == 200)
    }

    @Test func onlyBadItemsAre422AndStoreNothing() async throws {
        let app = TestApp()
        let body = try WorkoutTests.body([
            "workouts": [WorkoutTests.changed(["activityType": 9999])],
            "activitySummaries": [["day": "2026-04-10", "standHours": 25]],
        ])
        let reply = await app.send(.post, "/health/ingest", body: body)
        #expect(reply.status == 422)
        let errors = reply.errorDetails?["errors"] as? [[String: Any]] ?? []
        #expect(Set(errors.compactMap { $0["field"] as? String }) == ["workouts[0].activityType", "activitySummaries[0].standHours"])
        let list = await app.send(.get, "/health/workouts")
        #expect((list.json["workouts"] as? [Any])?.isEmpty == true)
        let rings = await app.send(.get, "/health/activity-summaries?from=2026-04-01&to=2026-04-30")
        #expect((rings.json["days"] as? [Any])?.isEmpty == true)
    }

    @Test func wrongShapesAre400And413() async throws {
        let app = TestApp()
        #expect(await app.send(.post, "/health/ingest", body: #"{"workouts": {}}"#).status == 400)
        #expect(await app.send(.post, "/health/ingest", body: #"{"workouts": [1]}"#).errorDetails?["field"] as? String == "workouts[0]")
        let many = try WorkoutTests.body(["workouts": Array(repeating: WorkoutTests.good, count: 1_001)])
        #expect(await app.send(.post, "/health/ingest", body: many).status == 413)
    }

    @Test func unchangedResendRewritesNothingAndAChangeUpdates() async throws {
        let app = TestApp()
        var yoga: [String: Any] = ["activityType": 57, "startTimeMs": 1_775_836_800_000, "endTimeMs": 1_775_838_600_000, "sourceName": "Apple Watch", "timezone": "Europe/Berlin"]
        let body = try WorkoutTests.body(["workouts": [WorkoutTests.good, yoga]])
        #expect(await app.send(.post, "/health/ingest", body: body).json["workoutsInserted"] as? Int == 2)
        let before = try await app.store.pool.read { db in try db.queryFirst("SELECT max(updated_ms) FROM workouts") { $0.int64(0) } }
        let again = await app.send(.post, "/health/ingest", body: body)
        #expect(again.status == 200)
        #expect(again.json["workoutsUnchanged"] as? Int == 2)
        #expect(again.json["workoutsInserted"] as? Int == 0 && again.json["workoutsUpdated"] as? Int == 0)
        // Same type, source and times without a key: the derived key finds the stored one.
        yoga["activeEnergy"] = 95
        let corrected = await app.send(.post, "/health/ingest", body: try WorkoutTests.body(["workouts": [yoga]]))
        #expect(corrected.json["workoutsUpdated"] as? Int == 1)
        let count = try await app.store.pool.read { db in try db.queryFirst("SELECT count(*) FROM workouts") { $0.int64(0) } }
        #expect(count == 2)
        #expect(before != nil)
    }

    @Test func listingPagesWithACursorBoundToItsFilters() async throws {
        let app = TestApp()
        var workouts: [[String: Any]] = []
        for i in 0..<5 {
            let start: Int64 = 1_775_804_400_000 + Int64(i) * 86_400_000
            let item: [String: Any] = ["workoutKey": "P\(i)", "activityType": "walking", "startTimeMs": start, "endTimeMs": start + 1_800_000, "timezone": "UTC"]
            workouts.append(item)
        }
        #expect(await app.send(.post, "/health/ingest", body: try WorkoutTests.body(["workouts": workouts])).status == 200)
        var seen: [String] = []
        var cursor: String?
        repeat {
            let reply = await app.send(.get, "/health/workouts?type=walk&limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""))
            #expect(reply.status == 200)
            seen += (reply.json["workouts"] as? [[String: Any]] ?? []).compactMap { $0["workoutKey"] as? String }
            cursor = reply.json["nextCursor"] as? String
            if let cursor {
                #expect(await app.send(.get, "/health/workouts?limit=2&cursor=\(cursor)").status == 422, "a cursor of another filter")
            }
        } while cursor != nil && seen.count < 10
        #expect(seen == ["P4", "P3", "P2", "P1", "P0"])
        #expect(await app.send(.get, "/health/workouts?type=moonwalking").status == 422)
        #expect(await app.send(.get, "/health/workouts?from=2026-04-12&to=2026-04-01").status == 422)
    }

    @Test func workoutsIntentRejectsUnknownTypesAndLongRanges() async throws {
        let app = TestApp()
        let unknown = await app.send(.post, "/health/query", body: #"{"intent": "workouts", "from": "2026-04-01", "to": "2026-04-07", "type": "moonwalking"}"#)
        #expect(unknown.status == 400)
        #expect(unknown.errorDetails?["field"] as? String == "type")
        // null is not a type: the schema says a name or a number.
        let null = await app.send(.post, "/health/query", body: #"{"intent": "workouts", "from": "2026-04-01", "to": "2026-04-07", "type": null}"#)
        #expect(null.status == 400)
        #expect(null.errorDetails?["rule"] as? String == "type")
        let number = await app.send(.post, "/health/query", body: #"{"intent": "workouts", "from": "2026-04-01", "to": "2026-04-07", "type": 37}"#)
        #expect(number.status == 200)
        let long = await app.send(.post, "/health/query", body: #"{"intent": "workouts", "from": "2025-01-01", "to": "2026-04-07"}"#)
        #expect(long.status == 400)
        #expect(long.errorDetails?["rule"] as? String == "maxRange")
    }
}
