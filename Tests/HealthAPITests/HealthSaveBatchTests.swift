import Foundation
import Testing
@testable import HealthAPI
@testable import HealthDomain
@testable import HealthFormats
@testable import HealthStore

private func jsonText(_ object: Any) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
}

/// The metrics of one stored day, by canonical name.
private func day(_ app: TestApp, _ date: String) async -> [String: [String: Any]] {
    let daily = await app.send(.get, "/health/daily?from=\(date)&to=\(date)")
    let metrics = (daily.json["days"] as? [[String: Any]])?.first?["metrics"] as? [String: Any] ?? [:]
    return metrics.compactMapValues { $0 as? [String: Any] }
}

/// The HealthSave batch route in-process: every shape of the contract, keys, errors.
@Suite struct HealthSaveBatchTests {
    func post(_ app: TestApp, _ body: [String: Any], path: String = "/api/apple/batch", headers: [(String, String)] = []) async -> TestApp.Reply {
        await app.send(.post, path, headers: headers, body: jsonText(body))
    }

    @Test func seedQuantityBatchAnswersTheV1ShapeAndStores() async {
        let app = TestApp()
        let reply = await post(app, ["metric": "heart_rate", "batch_index": 0, "total_batches": 1,
                                     "samples": [["date": "2026-04-10T12:00:00Z", "qty": 72, "source": "Apple Watch"]]])
        #expect(reply.status == 200)
        #expect(reply.json["status"] as? String == "processed")
        #expect(reply.json["metric"] as? String == "heart_rate")
        #expect(reply.json["batch"] as? Int == 0)
        #expect(reply.json["total_batches"] as? Int == 1)
        #expect(reply.json["records"] as? Int == 1)
        #expect(reply.json["records_inserted_new"] as? Int == 1)
        #expect((reply.json["sample_window"] as? [String: Any])?["min_sample_time"] as? String == "2026-04-10T12:00:00Z")
        let hr = await day(app, "2026-04-10")["heart_rate_bpm"]
        #expect(hr?["avg"] as? Double == 72)
    }

    @Test func emptyBatchIs200WithZeroRecords() async {
        let app = TestApp()
        let reply = await post(app, ["metric": "step_count", "batch_index": 3, "total_batches": 4, "samples": []])
        #expect(reply.status == 200)
        #expect(reply.json["records"] as? Int == 0)
        #expect(reply.json["batch"] as? Int == 3)
    }

    @Test func sleepStringsAndNumbersBloodPressureAndCategoryEvents() async {
        let app = TestApp()
        let sleep = await post(app, ["metric": "sleep_analysis", "samples": [
            ["startDate": "2026-04-09T23:00:00Z", "endDate": "2026-04-10T01:00:00Z", "value": 3, "source": "Apple Watch"],
            ["startDate": "2026-04-10T01:00:00Z", "endDate": "2026-04-10T02:00:00Z", "value": "Deep", "source": "Apple Watch"],
            ["startDate": "2026-04-10T02:00:00Z", "endDate": "2026-04-10T02:30:00.000Z", "value": "REM", "source": "Apple Watch"],
        ]])
        #expect(sleep.json["records"] as? Int == 3)
        let bp = await post(app, ["metric": "blood_pressure", "samples": [
            ["metric": "blood_pressure_systolic", "date": "2026-04-10T09:00:00Z", "qty": 120, "source": "Cuff"],
            ["metric": "blood_pressure_diastolic", "date": "2026-04-10T09:00:00Z", "qty": 80, "source": "Cuff"],
        ]])
        #expect(bp.json["records"] as? Int == 2)
        let mindful = await post(app, ["metric": "mindful_session", "samples": [
            ["date": "2026-04-10T08:00:00Z", "endDate": "2026-04-10T08:15:00Z", "qty": 900, "rawValue": 0, "source": "Apple Watch"],
        ]])
        #expect(mindful.json["records"] as? Int == 1, "\(mindful.json)")
        let days = await day(app, "2026-04-10")
        // 2 h core + 1 h deep + 30 min REM.
        #expect(days["sleep_segment"]?["asleepMinutes"] as? Double == 210, "\(days["sleep_segment"] ?? [:])")
        #expect(days["blood_pressure_mmhg"] != nil)
        #expect(days["mindful_session"] != nil)
    }

    @Test func workoutsActivitySummariesEcgAndUnknownMetricsAreKept() async {
        let app = TestApp()
        let run = await post(app, ["metric": "workouts", "samples": [[
            "name": "Running", "start": "2026-04-10T07:00:00Z", "end": "2026-04-10T07:45:00Z", "duration": 2700,
            "source": "Apple Watch", "activeEnergy": 420, "distance": 6500, "avgHeartRate": 145, "maxHeartRate": 178,
            "heartRateData": [["date": "2026-04-10T07:01:00Z", "qty": 132]],
            "route": [["latitude": 41.01, "longitude": 28.97, "altitude": 42.0, "speed": 2.8, "timestamp": "2026-04-10T07:01:00Z"]],
        ]]])
        #expect(run.status == 200)
        #expect(run.json["records"] as? Int == 1, "\(run.json)")
        let rings = await post(app, ["metric": "activity_summaries", "samples": [[
            "date": "2026-04-10", "activeEnergyBurned": 540, "activeEnergyBurnedGoal": 600, "appleExerciseTime": 42,
            "appleExerciseTimeGoal": 30, "appleStandHours": 12, "appleStandHoursGoal": 12,
        ]]])
        #expect(rings.json["records"] as? Int == 1, "\(rings.json)")
        let ecg = await post(app, ["metric": "ecg", "samples": [[
            "start": "2026-04-10T10:00:00Z", "end": "2026-04-10T10:00:30Z", "classification": "sinusRhythm",
            "numberOfVoltageMeasurements": 15360, "samplingFrequency": 512, "averageHeartRate": 64,
        ]]])
        #expect(ecg.json["records"] as? Int == 1, "\(ecg.json)")
        let spaced = await post(app, ["metric": "Heartbeat Series", "samples": [["startDate": "2026-04-10T10:00:00Z", "hrvUUID": "H-1", "beats": [0.8, 0.81]]]])
        #expect(spaced.json["records"] as? Int == 1, "\(spaced.json)")
        #expect(HealthSaveAdapter.rawMetricName("9 Lives!") == "m_9_lives")
        let odd = await post(app, ["metric": "brand_new_metric", "samples": [["date": "2026-04-10T10:00:00Z", "qty": 3, "source": "Phone"]]])
        #expect(odd.json["records"] as? Int == 1)
        let workouts = await app.send(.get, "/health/workouts?from=2026-04-10&to=2026-04-10")
        #expect((workouts.json["workouts"] as? [Any])?.count == 1, "\(workouts.json)")
        let status = await app.send(.get, "/api/apple/status")
        #expect(status.status == 200)
        #expect((status.json["ecg"] as? [String: Any])?["count"] as? Int == 1)
        #expect((status.json["brand_new_metric"] as? [String: Any])?["count"] as? Int == 1)
        #expect((status.json["heartbeat_series"] as? [String: Any])?["count"] as? Int == 1)
        #expect((status.json["workouts"] as? [String: Any])?["count"] as? Int == 1)
        #expect((status.json["activity_summaries"] as? [String: Any])?["oldest"] as? String == "2026-04-10")
        #expect(status.json["status"] == nil && status.json["counts"] == nil)
    }

    @Test func zInstantsTakeTheConfiguredZoneAndOffsetsAFixedOne() async {
        let app = TestApp { $0.defaultTimezone = "America/New_York" }
        // 02:00 UTC on the 11th is 22:00 on the 10th in New York.
        _ = await post(app, ["metric": "step_count", "samples": [
            ["startDate": "2026-04-11T02:00:00Z", "endDate": "2026-04-11T02:10:00Z", "qty": 100, "source": "iPhone"],
            // 23:30 on the 10th at +09:00 (14:30 UTC): a Tokyo day, whatever --timezone says.
            ["startDate": "2026-04-10T23:30:00+09:00", "endDate": "2026-04-10T23:40:00+09:00", "qty": 40, "source": "iPhone"],
            // tzOffsetMinutes beats the Z: 15:00 UTC at +600 is 01:00 on the 11th.
            ["startDate": "2026-04-10T15:00:00Z", "endDate": "2026-04-10T15:05:00Z", "qty": 7, "source": "iPhone", "tzOffsetMinutes": 600],
        ]])
        let tenth = await day(app, "2026-04-10")["step_count"]?["total"] as? Double
        let eleventh = await day(app, "2026-04-11")["step_count"]?["total"] as? Double
        #expect(tenth == 140)
        #expect(eleventh == 7)
    }

    @Test func sameHeartRateSampleThroughHealthSaveAndNativeCountsOnce() async {
        let app = TestApp()
        _ = await post(app, ["metric": "heart_rate", "samples": [["date": "2026-04-10T12:00:00Z", "qty": 72, "source": "Apple Watch"]]])
        let ms: Int64 = 1_775_822_400_000
        // A native client without a HealthKit id sends the shared derived key.
        let key = SampleKey.derived(metric: "heart_rate_bpm", source: "Apple Watch", startTimeMs: ms, endTimeMs: ms)
        let native = await app.send(.post, "/health/ingest", body: jsonText(["samples": [[
            "sampleKey": key, "metric": "heart_rate_bpm", "startTimeMs": ms, "endTimeMs": ms, "valueNumber": 72, "unit": "bpm",
            "sourceName": "Apple Watch", "timezone": "UTC",
        ]]]))
        #expect(native.json["unchanged"] as? Int == 1, "\(native.json)")
        #expect(await day(app, "2026-04-10")["heart_rate_bpm"]?["sampleCount"] as? Int == 1)
    }

    @Test func uuidTakesOverTheIdlessSampleAndDeletionsRemoveIt() async {
        let app = TestApp()
        _ = await post(app, ["metric": "step_count", "samples": [["date": "2026-04-10T12:00:00Z", "qty": 500, "source": "iPhone"]]])
        let v2 = await post(app, ["metric": "step_count", "schema_version": 2, "samples": [[
            "uuid": "HK-1", "startDate": "2026-04-10T12:00:00Z", "endDate": "2026-04-10T12:10:00Z", "qty": 520, "unit": "count", "source": "iPhone",
        ]]], path: "/api/v2/apple/batch")
        #expect(v2.json["records_deduped_existing"] as? Int == 1, "\(v2.json)")
        #expect(await day(app, "2026-04-10")["step_count"]?["total"] as? Double == 520)
        let deleted = await post(app, ["metric": "step_count", "schema_version": 2, "samples": [],
                                       "deletions": [["uuid": "HK-1"], ["uuid": "HK-unknown"]]], path: "/api/v2/apple/batch")
        #expect(deleted.status == 200)
        #expect(deleted.json["deletions"] as? [String: Int] == ["received": 2, "deleted": 1, "not_found": 1])
        #expect(await day(app, "2026-04-10")["step_count"] == nil)
    }

    @Test func androidBatchUsesProviderIdsAndTheDeviceAsSource() async {
        let app = TestApp()
        let body: [String: Any] = [
            "metric": "heart_rate", "schema_version": 2, "client_platform": "android", "client_schema_version": 1,
            "bridge_install_id": "b-1", "device": ["name": "Pixel 9", "model": "GP9"],
            "samples": [["provider_object_id": "hc-1", "startDate": "2026-04-10T12:00:00Z", "endDate": "2026-04-10T12:00:00Z",
                         "qty": 61, "device_manufacturer": "Google", "device_model": "Pixel Watch 3"]],
        ]
        #expect(await post(app, body, path: "/api/v2/apple/batch").json["records"] as? Int == 1)
        #expect(await post(app, body, path: "/api/v2/apple/batch").json["records_deduped_existing"] as? Int == 1)
        let raw = await app.send(.get, "/health/raw?metric=heart_rate_bpm")
        let sample = (raw.json["samples"] as? [[String: Any]])?.first
        #expect(sample?["sampleKey"] as? String == "hc-1", "\(raw.json)")
        #expect(sample?["sourceName"] as? String == "Pixel 9")
    }

    @Test func errors() async throws {
        let app = TestApp()
        let malformed = await app.send(.post, "/api/apple/batch", body: "{\"metric\": \"heart_rate\", \"samples\": [")
        #expect(malformed.status == 400)
        // A body that breaks the batch schema is 422, as the reference backend answers.
        let noMetric = await post(app, ["samples": []])
        #expect(noMetric.status == 422)
        #expect(noMetric.errorDetails?["field"] as? String == "metric")
        let none = await post(app, ["metric": "heart_rate", "samples": [["date": "not a date", "qty": 72], ["date": "2026-04-10T12:00:00Z", "qty": 9000]]])
        #expect(none.status == 422)
        #expect(await day(app, "2026-04-10").isEmpty)
        let partial = await post(app, ["metric": "heart_rate", "samples": [["date": "2026-04-10T12:00:00Z", "qty": 70], ["date": "2026-04-10T12:01:00Z", "qty": -3]]])
        #expect(partial.status == 200)
        #expect(partial.json["records_accepted"] as? Int == 1)
        #expect(partial.json["records_rejected"] as? Int == 1)
        let many = (0...Limits.samplesPerIngest).map { _ in ["date": "2026-04-10T12:00:00Z", "qty": 70] }
        #expect(await post(app, ["metric": "heart_rate", "samples": many]).status == 413)
        let keyed = await app.send(.post, "/api/apple/batch", headers: [("x-api-key", "wrong")],
                                   body: jsonText(["metric": "heart_rate", "samples": []]), authorized: false)
        #expect(keyed.status == 401)
    }

    /// `"samples": "not-a-list"` (and the other shape errors) is 422 on both batch paths,
    /// naming the field and the rule, with nothing stored and nothing filed in the ledger.
    @Test func aBodyBreakingTheBatchSchemaIs422AndStoresNothing() async {
        let app = TestApp()
        let stored = await post(app, ["metric": "heart_rate", "samples": [["date": "2026-04-10T12:00:00Z", "qty": 72, "source": "Apple Watch"]]])
        #expect(stored.status == 200)
        for path in ["/api/apple/batch", "/api/v2/apple/batch"] {
            let reply = await post(app, ["metric": "heart_rate", "samples": "not-a-list"], path: path,
                                   headers: [("Idempotency-Key", "bad-\(path)"), ("X-HealthSave-Sync-Run-ID", "run-bad")])
            #expect(reply.status == 422, "\(path)")
            #expect(reply.errorCode == "VALIDATION_FAILED")
            #expect(reply.errorDetails?["field"] as? String == "samples")
            #expect(reply.errorDetails?["rule"] as? String == "type")
            let deletions = await post(app, ["metric": "heart_rate", "samples": [], "deletions": 3], path: path)
            #expect(deletions.status == 422)
            #expect(deletions.errorDetails?["field"] as? String == "deletions")
            let index = await post(app, ["metric": "heart_rate", "batch_index": "first", "samples": []], path: path)
            #expect(index.status == 422)
            #expect(index.errorDetails?["field"] as? String == "batch_index")
            let notObject = await app.send(.post, path, body: "[1, 2]")
            #expect(notObject.status == 422)
            #expect(notObject.errorDetails?["field"] as? String == "body")
        }
        // Unparseable JSON is still 400.
        #expect(await app.send(.post, "/api/v2/apple/batch", body: "{\"metric\": ").status == 400)
        let raw = await app.send(.get, "/health/raw?metric=heart_rate_bpm")
        #expect((raw.json["samples"] as? [Any])?.count == 1)
        #expect(await app.send(.get, "/api/v2/sync/runs/run-bad").json["status"] as? String == "empty")
    }

    @Test func isoDatesParse() {
        #expect(HealthSaveDate.parse("2026-04-10T12:00:00Z")?.ms == 1_775_822_400_000)
        #expect(HealthSaveDate.parse("2026-04-10T12:00:00.250Z")?.ms == 1_775_822_400_250)
        #expect(HealthSaveDate.parse("2026-04-10T21:00:00+09:00") == HealthSaveDate.Parsed(ms: 1_775_822_400_000, offsetSeconds: 32_400))
        #expect(HealthSaveDate.parse("2026-04-10T08:30:00-0330")?.ms == 1_775_822_400_000)
        #expect(HealthSaveDate.parse("2026-02-30T12:00:00Z") == nil)
        #expect(HealthSaveDate.parse("yesterday") == nil)
        #expect(HealthSaveDate.format(1_775_822_400_250) == "2026-04-10T12:00:00.250Z")
    }

    @Test func sha256Vectors() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
