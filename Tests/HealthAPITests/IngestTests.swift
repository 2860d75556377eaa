import Foundation
import Testing
import HealthDomain
import HealthFormats
import SQLiteStore
@testable import HealthAPI
@testable import HealthStore

/// A sample in the ingest JSON shape, for request bodies.
func sampleJSON(_ key: String, metric: String = "step_count", start: Int64 = 1_775_808_000_000, minutes: Int64 = 10,
                value: Double? = 100, category: String? = nil, unit: String = "count", source: String = "iPhone",
                zone: String = "Europe/Berlin") -> [String: Any] {
    var s: [String: Any] = ["sampleKey": key, "metric": metric, "startTimeMs": start, "endTimeMs": start + minutes * 60_000,
                            "unit": unit, "sourceName": source, "timezone": zone]
    if let value { s["valueNumber"] = value }
    if let category { s["categoryValue"] = category }
    return s
}

func body(_ samples: [[String: Any]], deleted: [String]? = nil) -> String {
    var root: [String: Any] = ["samples": samples]
    if let deleted { root["deletedSampleKeys"] = deleted }
    return String(decoding: try! JSONSerialization.data(withJSONObject: root), as: UTF8.self)
}

/// Every stored row and aggregate, as text, to compare whole databases.
func snapshot(_ store: SampleStore) async throws -> [String] {
    try await store.pool.read { db in
        let samples = try SampleRow.all(db: db).map { "\($0.sample)|\($0.receivedMs)" }
        let days = try db.query("SELECT day, metric, value, data FROM day_aggregates ORDER BY day, metric", []) { row in
            (0..<4).map { "\(row.value(Int32($0)))" }.joined(separator: "|")
        }
        return samples + ["--"] + days
    }
}

@Suite struct IngestTests {
    @Test func allValidIs200WithCounts() async {
        let app = TestApp()
        let reply = await app.send(.post, "/health/ingest", body: body([sampleJSON("a"), sampleJSON("b", start: 1_775_808_600_000)]))
        #expect(reply.status == 200)
        #expect(reply.json["received"] as? Int == 2)
        #expect(reply.json["inserted"] as? Int == 2)
        #expect(reply.json["rejected"] as? Int == 0)
        #expect(reply.json["affectedDays"] as? [String] == ["2026-04-10"])
        #expect(reply.header("Cache-Control") == "no-store")
    }

    /// A weight in stones (HealthKit's `st`) is stored in kg, the sent value and unit kept
    /// in the raw sample; a unit the metric cannot take is a 422 naming the field and the
    /// rule, with nothing stored.
    @Test func stonesAreConvertedAndAnUnknownUnitIsRefused() async throws {
        let app = TestApp()
        let weight = sampleJSON("w-1", metric: "body_mass", minutes: 0, value: 11.5, unit: "st", source: "Scale")
        let reply = await app.send(.post, "/health/ingest", body: body([weight]))
        #expect(reply.status == 200, "\(reply.json)")
        #expect(reply.json["inserted"] as? Int == 1)
        let raw = await app.send(.get, "/health/raw?metric=body_mass_kg")
        let sample = try #require((raw.json["samples"] as? [[String: Any]])?.first)
        #expect(sample["unit"] as? String == "kg")
        #expect(abs((sample["valueNumber"] as? Double ?? 0) - 73.028_371_57) < 1e-9)
        let metadata = sample["metadata"] as? [String: Any]
        #expect(metadata?["sentUnit"] as? String == "st")
        #expect(metadata?["sentValue"] as? Double == 11.5)
        let daily = await app.send(.get, "/health/daily?from=2026-04-10&to=2026-04-10")
        let day = ((daily.json["days"] as? [[String: Any]])?.first?["metrics"] as? [String: Any])?["body_mass_kg"] as? [String: Any]
        // Day figures are rounded for display.
        #expect(abs((day?["latest"] as? Double ?? 0) - 73.028) < 0.001, "\(day ?? [:])")

        let before = try await snapshot(app.store)
        let bad = sampleJSON("w-2", metric: "body_mass", start: 1_775_809_000_000, minutes: 0, value: 11.5, unit: "stone", source: "Scale")
        let refused = await app.send(.post, "/health/ingest", body: body([bad]))
        #expect(refused.status == 422)
        let errors = refused.errorDetails?["errors"] as? [[String: Any]]
        #expect(errors?.first?["field"] as? String == "unit")
        #expect(errors?.first?["code"] as? String == "unknown_value")
        #expect((errors?.first?["message"] as? String)?.contains("'st'") == true)
        #expect(try await snapshot(app.store) == before)
    }

    @Test func resendIsUnchangedAndChangeIsUpdated() async throws {
        let app = TestApp()
        _ = await app.send(.post, "/health/ingest", body: body([sampleJSON("a")]))
        let before = try await snapshot(app.store)
        let again = await app.send(.post, "/health/ingest", body: body([sampleJSON("a")]))
        #expect(again.json["unchanged"] as? Int == 1)
        #expect(again.json["inserted"] as? Int == 0)
        #expect(again.json["affectedDays"] as? [String] == [])
        #expect(try await snapshot(app.store) == before)
        let changed = await app.send(.post, "/health/ingest", body: body([sampleJSON("a", value: 150)]))
        #expect(changed.json["updated"] as? Int == 1)
        let daily = await app.send(.get, "/health/daily?from=2026-04-10&to=2026-04-10")
        let day = (daily.json["days"] as? [[String: Any]])?.first?["metrics"] as? [String: Any]
        #expect((day?["step_count"] as? [String: Any])?["total"] as? Double == 150)
    }

    @Test func someRejectedIs207AndTheRestStored() async {
        let app = TestApp()
        var bad = sampleJSON("bad")
        bad["timezone"] = "Mars/Olympus"
        let reply = await app.send(.post, "/health/ingest", body: body([sampleJSON("good"), bad]))
        #expect(reply.status == 207)
        #expect(reply.json["inserted"] as? Int == 1)
        #expect(reply.json["rejected"] as? Int == 1)
        let error = (reply.json["errors"] as? [[String: Any]])?.first
        #expect(error?["index"] as? Int == 1)
        #expect(error?["sampleKey"] as? String == "bad")
        #expect(error?["field"] as? String == "timezone")
        #expect((error?["message"] as? String)?.contains("Mars/Olympus") == true)
    }

    @Test func noneValidIs422AndStoresNothing() async throws {
        let app = TestApp()
        var bad = sampleJSON("bad")
        bad["endTimeMs"] = 1
        let reply = await app.send(.post, "/health/ingest", body: body([bad]))
        #expect(reply.status == 422)
        #expect(reply.errorCode == "VALIDATION_FAILED")
        #expect(((reply.errorDetails?["errors"] as? [[String: Any]])?.first?["field"] as? String) == "endTimeMs")
        #expect(try await snapshot(app.store) == ["--"])
    }

    @Test(arguments: [
        ("not json", "INVALID_JSON"), ("[]", "INVALID_PARAMETERS"), ("{}", "INVALID_PARAMETERS"),
        ("{\"samples\": {}}", "INVALID_PARAMETERS"), ("{\"samples\": [], \"extra\": 1}", "INVALID_PARAMETERS"),
        ("{\"deletedSampleKeys\": [1]}", "INVALID_PARAMETERS"), ("{\"samples\": [] ,}", "INVALID_JSON"),
        ("{\"samples\": [], \"samples\": []}", "INVALID_JSON"),
    ])
    func wrongShapeIs400(text: String, code: String) async {
        let reply = await TestApp().send(.post, "/health/ingest", body: text)
        #expect(reply.status == 400)
        #expect(reply.errorCode == code)
        #expect(reply.errorMessage?.isEmpty == false)
    }

    @Test func wrongContentTypeIs415() async {
        let reply = await TestApp().send(.post, "/health/ingest", headers: [("Content-Type", "text/plain")], body: nil)
        #expect(reply.status == 415 || reply.status == 400)
    }

    @Test func overTenThousandSamplesIs413() async {
        let samples = (0..<10_001).map { sampleJSON("k\($0)", start: 1_775_808_000_000 + Int64($0) * 1000, minutes: 0) }
        let reply = await TestApp().send(.post, "/health/ingest", body: body(samples))
        #expect(reply.status == 413)
        #expect(reply.errorCode == "PAYLOAD_TOO_LARGE")
    }

    @Test func unknownMetricsAreStoredRawAndListed() async {
        let app = TestApp()
        let reply = await app.send(.post, "/health/ingest", body: body([sampleJSON("grip", metric: "grip_strength", value: 45, unit: "kg")]))
        #expect(reply.status == 200)
        #expect(reply.json["rawOnlyMetrics"] as? [String] == ["grip_strength"])
        let raw = await app.send(.get, "/health/raw?metric=grip_strength")
        #expect((raw.json["samples"] as? [[String: Any]])?.first?["valueNumber"] as? Double == 45)
    }

    /// A 422 and a 413 between two valid requests leave everything exactly as without them.
    @Test func failingRequestsChangeNothing() async throws {
        let first = body([sampleJSON("a"), sampleJSON("b", source: "Apple Watch")])
        let second = body([sampleJSON("c", start: 1_775_894_400_000)], deleted: ["b"])
        var invalid = sampleJSON("a", value: 999)
        invalid["unit"] = "parsecs"
        let rejected = body([invalid])
        let tooMany = body((0..<10_001).map { sampleJSON("x\($0)", minutes: 0) })

        let clean = TestApp()
        #expect(await clean.send(.post, "/health/ingest", body: first).status == 200)
        #expect(await clean.send(.post, "/health/ingest", body: second).status == 200)

        let noisy = TestApp()
        #expect(await noisy.send(.post, "/health/ingest", body: first).status == 200)
        #expect(await noisy.send(.post, "/health/ingest", body: rejected).status == 422)
        #expect(await noisy.send(.post, "/health/ingest", body: tooMany).status == 413)
        #expect(await noisy.send(.post, "/health/ingest", body: second).status == 200)

        let expected = try await snapshot(clean.store)
        #expect(expected.count > 3)
        #expect(try await snapshot(noisy.store) == expected)
    }

    @Test func rawPagesReturnEverySampleOnceEvenWhileSamplesArrive() async throws {
        let app = TestApp()
        // 250 samples, some sharing a start time so the key breaks ties.
        let samples = (0..<250).map { sampleJSON(String(format: "s%03d", $0), start: 1_775_808_000_000 + Int64($0 / 3) * 60_000, minutes: 1) }
        #expect(await app.send(.post, "/health/ingest", body: body(samples)).status == 200)
        var seen: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let target = "/health/raw?metric=step_count&limit=40" + (cursor.map { "&cursor=\($0)" } ?? "")
            let reply = await app.send(.get, target)
            #expect(reply.status == 200)
            seen += (reply.json["samples"] as? [[String: Any]] ?? []).compactMap { $0["sampleKey"] as? String }
            cursor = reply.json["nextCursor"] as? String
            pages += 1
            if pages == 2 {
                // New samples arrive mid-walk, before and after the cursor position.
                let late = [sampleJSON("late-early", start: 1_775_700_000_000), sampleJSON("late-later", start: 1_775_900_000_000)]
                #expect(await app.send(.post, "/health/ingest", body: body(late)).status == 200)
            }
        } while cursor != nil && pages < 100
        #expect(Set(seen).count == seen.count)
        #expect(Set(seen).isSuperset(of: samples.map { $0["sampleKey"] as! String }))
        #expect(seen.contains("late-later"))
        #expect(!seen.contains("late-early"))
    }

    @Test(arguments: [
        "/health/raw", "/health/raw?metric=Bad-Name", "/health/raw?metric=step_count&limit=0",
        "/health/raw?metric=step_count&limit=1001", "/health/raw?metric=step_count&cursor=not%20base64",
        "/health/raw?metric=step_count&cursor=", "/health/raw?metric=step_count&fromMs=abc",
        "/health/raw?metric=step_count&bogus=1", "/health/raw?metric=step_count&metric=hrv_sdnn_ms",
        "/health/daily", "/health/daily?from=2026-04-10", "/health/daily?from=2026-04-31&to=2026-05-01",
        "/health/daily?from=20260410&to=2026-04-11",
    ])
    func badReadParametersAre400(target: String) async {
        let reply = await TestApp().send(.get, target)
        #expect(reply.status == 400)
        #expect(reply.errorCode == "INVALID_PARAMETERS")
        #expect(reply.errorDetails?["field"] as? String != nil)
    }

    /// Schema-valid parameters that break a rule the schema cannot state are 422s.
    @Test(arguments: [
        ("/health/raw?metric=step_count&cursor=zzz", "cursor"), ("/health/raw?metric=step_count&fromMs=10&toMs=5", "fromMs"),
        ("/health/daily?from=2026-04-10&to=2026-04-01", "from"), ("/health/daily?from=2000-01-01&to=2026-01-01", "to"),
    ])
    func unanswerableReadParametersAre422(target: String, field: String) async {
        let reply = await TestApp().send(.get, target)
        #expect(reply.status == 422)
        #expect(reply.errorCode == "INVALID_PARAMETERS" || reply.errorCode == "INVALID_DATE_RANGE")
        #expect(reply.errorDetails?["field"] as? String == field)
    }

    @Test func dailyOmitsDaysWithoutData() async {
        let app = TestApp()
        _ = await app.send(.post, "/health/ingest", body: body([sampleJSON("a")]))
        let reply = await app.send(.get, "/health/daily?from=2026-04-01&to=2026-04-30")
        let days = reply.json["days"] as? [[String: Any]] ?? []
        #expect(days.map { $0["dayKey"] as? String } == ["2026-04-10"])
    }
}
