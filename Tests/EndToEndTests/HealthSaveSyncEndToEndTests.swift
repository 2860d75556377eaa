import Foundation
import HealthDomain
import HealthFormats
import HealthTesting
import Testing

private func object(_ response: LoopbackHTTPClient.Response) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
}

private func bytes(_ value: Any) -> [UInt8] { [UInt8]((try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()) }

/// One sample of the replayed sync, written once and sent both ways: as the HealthSave
/// app sends it and as a native `/health/ingest` client would.
private struct SyncSample: Sendable {
    var batchMetric: String
    var innerMetric: String?
    var canonical: String
    var start: String
    var end: String?
    var qty: Double?
    /// Sleep stage as the app writes it: a word, or digits sent as HealthKit's number.
    var stage: String?
    /// The same stage by its native name.
    var nativeStage: String?
    var nativeUnit: String
    var source: String

    var healthSave: [String: Any] {
        var s: [String: Any] = ["source": source]
        if let innerMetric { s["metric"] = innerMetric }
        if let stage {
            s["startDate"] = start
            s["endDate"] = end ?? start
            s["value"] = Int(stage).map { $0 as Any } ?? stage
        } else if let end {
            s["startDate"] = start
            s["endDate"] = end
        } else {
            s["date"] = start
        }
        if let qty { s["qty"] = qty }
        return s
    }

    func native(zone: String) -> [String: Any] {
        let startMs = HealthSaveDate.parse(start)!.ms
        let endMs = HealthSaveDate.parse(end ?? start)!.ms
        let metric = Metric(rawValue: canonical)
        let key = innerMetric.map { SampleKey.derived(metric: metric, source: source, startTimeMs: startMs, endTimeMs: endMs, innerMetric: $0) }
            ?? SampleKey.derived(metric: metric, source: source, startTimeMs: startMs, endTimeMs: endMs)
        var s: [String: Any] = ["sampleKey": key, "metric": innerMetric ?? canonical, "startTimeMs": startMs, "endTimeMs": endMs,
                                "unit": nativeUnit, "sourceName": source, "timezone": zone]
        if let qty { s["valueNumber"] = qty }
        if let nativeStage { s["categoryValue"] = nativeStage }
        return s
    }
}

/// A HealthSave sync replayed against the real binary, and the same samples through
/// native ingest on a second server: the stored days must match each other and the
/// numbers worked out by hand.
@Suite(.serialized) struct HealthSaveSyncEndToEndTests {
    static let token = "e2e-healthsave-7f3b21"
    static let zone = "Europe/Berlin"

    /// Berlin is UTC+2 in April. Day 2026-04-10 runs 2026-04-09T22:00Z … 2026-04-10T22:00Z.
    private static let samples: [SyncSample] = [
        // Steps: the Watch covers the iPhone's 10 minutes exactly, so the iPhone adds nothing.
        SyncSample(batchMetric: "step_count", canonical: "step_count", start: "2026-04-10T06:00:00Z", end: "2026-04-10T06:10:00Z", qty: 500, nativeUnit: "count", source: "Apple Watch"),
        SyncSample(batchMetric: "step_count", canonical: "step_count", start: "2026-04-10T06:00:00Z", end: "2026-04-10T06:10:00Z", qty: 480, nativeUnit: "count", source: "iPhone"),
        // 21:30Z is 23:30 in Berlin (the 10th); 22:30Z is 00:30 on the 11th, though its UTC date is the 10th.
        SyncSample(batchMetric: "step_count", canonical: "step_count", start: "2026-04-10T21:30:00Z", end: "2026-04-10T21:40:00Z", qty: 300, nativeUnit: "count", source: "Apple Watch"),
        SyncSample(batchMetric: "step_count", canonical: "step_count", start: "2026-04-10T22:30:00Z", end: "2026-04-10T22:40:00Z", qty: 200, nativeUnit: "count", source: "Apple Watch"),
        // Heart rate: 72, 80 and 64 on the 10th (avg 72); the last with fractional seconds.
        SyncSample(batchMetric: "heart_rate", canonical: "heart_rate_bpm", start: "2026-04-10T08:00:00Z", qty: 72, nativeUnit: "count/min", source: "Apple Watch"),
        SyncSample(batchMetric: "heart_rate", canonical: "heart_rate_bpm", start: "2026-04-10T09:00:00Z", qty: 80, nativeUnit: "count/min", source: "Apple Watch"),
        SyncSample(batchMetric: "heart_rate", canonical: "heart_rate_bpm", start: "2026-04-10T21:59:59.500Z", qty: 64, nativeUnit: "count/min", source: "Apple Watch"),
        // Written at +02:00 (Berlin's own offset): 00:30 on the 11th.
        SyncSample(batchMetric: "heart_rate", canonical: "heart_rate_bpm", start: "2026-04-11T00:30:00+02:00", qty: 90, nativeUnit: "count/min", source: "Apple Watch"),
        // The night 23:30–07:00 Berlin, woken on the 10th: core 210 + deep 60 + REM 60 + core 120 = 450 asleep minutes.
        SyncSample(batchMetric: "sleep_analysis", canonical: "sleep_segment", start: "2026-04-09T21:20:00Z", end: "2026-04-10T05:05:00Z", stage: "In Bed", nativeStage: "inBed", nativeUnit: "category", source: "Apple Watch"),
        SyncSample(batchMetric: "sleep_analysis", canonical: "sleep_segment", start: "2026-04-09T21:30:00Z", end: "2026-04-10T01:00:00Z", stage: "Core", nativeStage: "asleepCore", nativeUnit: "category", source: "Apple Watch"),
        SyncSample(batchMetric: "sleep_analysis", canonical: "sleep_segment", start: "2026-04-10T01:00:00Z", end: "2026-04-10T02:00:00Z", stage: "4", nativeStage: "asleepDeep", nativeUnit: "category", source: "Apple Watch"),
        SyncSample(batchMetric: "sleep_analysis", canonical: "sleep_segment", start: "2026-04-10T02:00:00Z", end: "2026-04-10T03:00:00Z", stage: "REM", nativeStage: "asleepREM", nativeUnit: "category", source: "Apple Watch"),
        SyncSample(batchMetric: "sleep_analysis", canonical: "sleep_segment", start: "2026-04-10T03:00:00Z", end: "2026-04-10T05:00:00Z", stage: "3", nativeStage: "asleepCore", nativeUnit: "category", source: "Apple Watch"),
        // One blood pressure reading, 120/80.
        SyncSample(batchMetric: "blood_pressure", innerMetric: "blood_pressure_systolic", canonical: "blood_pressure_mmhg", start: "2026-04-10T09:00:00Z", qty: 120, nativeUnit: "mmHg", source: "Cuff"),
        SyncSample(batchMetric: "blood_pressure", innerMetric: "blood_pressure_diastolic", canonical: "blood_pressure_mmhg", start: "2026-04-10T09:00:00Z", qty: 80, nativeUnit: "mmHg", source: "Cuff"),
    ]

    static let compared = ["step_count", "heart_rate_bpm", "sleep_segment", "blood_pressure_mmhg"]

    @Test func fullSyncMatchesHandComputedDaysAndNativeIngest() async throws {
        try await withServerProcess(arguments: ["--timezone", Self.zone], environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { healthSave in
            try await withServerProcess(arguments: ["--timezone", Self.zone], environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { native in
                let (hsPort, nativePort, token, zone) = (healthSave.port, native.port, Self.token, Self.zone)
                try await blocking {
                    let app = try LoopbackHTTPClient(port: hsPort)
                    let key = [("x-api-key", token)]
                    // Liveness with the key, then the status screen (empty, flat).
                    let live = try app.send(method: "GET", path: "/api/health", headers: key)
                    #expect(live.status == 200)
                    #expect(object(live)["status"] as? String == "ok")
                    #expect(try app.send(method: "GET", path: "/api/health", headers: [("x-api-key", "wrong")]).status == 401)
                    #expect(try app.send(method: "GET", path: "/health", headers: [("x-api-key", "wrong")]).status == 401)
                    #expect(object(try app.send(method: "GET", path: "/api/apple/status", headers: key)).isEmpty)

                    // Each metric in two batches, as the app splits them.
                    var batchesByMetric: [String: [[String: Any]]] = [:]
                    for sample in Self.samples { batchesByMetric[sample.batchMetric, default: []].append(sample.healthSave) }
                    for (metric, samples) in batchesByMetric.sorted(by: { $0.key < $1.key }) {
                        let half = (samples.count + 1) / 2
                        for (index, part) in [Array(samples[..<half]), Array(samples[half...])].enumerated() {
                            let body: [String: Any] = ["metric": metric, "batch_index": index, "total_batches": 2, "samples": part]
                            let reply = try app.send(method: "POST", path: "/api/apple/batch",
                                                     headers: key + [("Content-Type", "application/json"), ("X-HealthSave-Batch-ID", "\(metric)-\(index)"),
                                                                     ("X-HealthSave-Sync-Run-ID", "run-1")],
                                                     body: bytes(body))
                            #expect(reply.status == 200, "\(metric) \(index): \(reply.text)")
                            #expect(object(reply)["records"] as? Int == part.count)
                            #expect(object(reply)["batch"] as? Int == index)
                        }
                    }
                    // The app re-sends a batch it never saw answered: same batch id and body, the first
                    // answer again; the same id with another body is a conflict that stores nothing.
                    let firstHeartRate = Array((batchesByMetric["heart_rate"] ?? [])[..<(((batchesByMetric["heart_rate"] ?? []).count + 1) / 2)])
                    let firstBody: [String: Any] = ["metric": "heart_rate", "batch_index": 0, "total_batches": 2, "samples": firstHeartRate]
                    let replayHeaders = key + [("Content-Type", "application/json"), ("X-HealthSave-Batch-ID", "heart_rate-0"), ("X-HealthSave-Sync-Run-ID", "run-1")]
                    let replayed = try app.send(method: "POST", path: "/api/apple/batch", headers: replayHeaders, body: bytes(firstBody))
                    #expect(replayed.status == 200)
                    #expect(object(replayed)["records_inserted_new"] as? Int == firstHeartRate.count)
                    var altered = firstHeartRate
                    if var first = altered.first { first["qty"] = 180; altered[0] = first }
                    let conflict = try app.send(method: "POST", path: "/api/apple/batch", headers: replayHeaders,
                                                body: bytes(["metric": "heart_rate", "batch_index": 0, "total_batches": 2, "samples": altered]))
                    #expect(conflict.status == 409)
                    // The receipts of the run: every batch, by metric.
                    let run = object(try app.send(method: "GET", path: "/api/v2/sync/runs/latest", headers: key))
                    #expect(run["sync_run_id"] as? String == "run-1")
                    #expect(run["records_received"] as? Int == Self.samples.count)
                    #expect(run["batches_seen"] as? Int == 2 * Set(Self.samples.map(\.batchMetric)).count)
                    // A re-sent batch stores nothing new.
                    let again = try app.send(method: "POST", path: "/api/apple/batch", headers: key + [("Content-Type", "application/json")],
                                             body: bytes(["metric": "heart_rate", "batch_index": 0, "total_batches": 2,
                                                          "samples": Array((batchesByMetric["heart_rate"] ?? []).prefix(2))]))
                    #expect(object(again)["records_inserted_new"] as? Int == 0)
                    #expect(object(again)["records_deduped_existing"] as? Int == 2)
                    // Workouts, rings, an ECG and an unknown metric.
                    let others: [[String: Any]] = [
                        ["metric": "workouts", "samples": [["name": "Running", "start": "2026-04-10T07:00:00Z", "end": "2026-04-10T07:45:00Z", "duration": 2700,
                                                            "source": "Apple Watch", "activeEnergy": 420, "distance": 6500, "avgHeartRate": 145, "maxHeartRate": 178,
                                                            "heartRateData": [["date": "2026-04-10T07:01:00Z", "qty": 132]]]]],
                        ["metric": "activity_summaries", "samples": [["date": "2026-04-10", "activeEnergyBurned": 540, "activeEnergyBurnedGoal": 600]]],
                        ["metric": "ecg", "samples": [["start": "2026-04-10T10:00:00Z", "end": "2026-04-10T10:00:30Z", "classification": "sinusRhythm", "averageHeartRate": 64]]],
                        ["metric": "future_metric", "samples": [["date": "2026-04-10T10:00:00Z", "qty": 1.5]]],
                    ]
                    for body in others {
                        let reply = try app.send(method: "POST", path: "/api/apple/batch", headers: key + [("Content-Type", "application/json")], body: bytes(body))
                        #expect(reply.status == 200, "\(body["metric"] ?? ""): \(reply.text)")
                        #expect(object(reply)["records"] as? Int == 1)
                    }
                    let status = object(try app.send(method: "GET", path: "/api/apple/status", headers: key))
                    #expect((status["heart_rate"] as? [String: Any])?["count"] as? Int == 4)
                    #expect((status["step_count"] as? [String: Any])?["count"] as? Int == 4)
                    #expect((status["sleep_analysis"] as? [String: Any])?["count"] as? Int == 5)
                    #expect((status["blood_pressure"] as? [String: Any])?["count"] as? Int == 2)
                    #expect((status["heart_rate"] as? [String: Any])?["oldest"] as? String == "2026-04-10T08:00:00Z")
                    for name in ["ecg", "future_metric", "workouts", "activity_summaries"] {
                        #expect((status[name] as? [String: Any])?["count"] as? Int == 1, "\(name)")
                    }

                    // The same samples through native ingest on the second server.
                    let plain = try LoopbackHTTPClient(port: nativePort)
                    let nativeReply = try plain.send(method: "POST", path: "/health/ingest", token: token,
                                                     headers: [("Content-Type", "application/json")],
                                                     body: bytes(["samples": Self.samples.map { $0.native(zone: zone) }]))
                    #expect(nativeReply.status == 200, "\(nativeReply.text)")

                    func days(_ client: LoopbackHTTPClient) throws -> [String: [String: Any]] {
                        let daily = object(try client.send(method: "GET", path: "/health/daily?from=2026-04-10&to=2026-04-11", token: token))
                        var out: [String: [String: Any]] = [:]
                        for day in daily["days"] as? [[String: Any]] ?? [] {
                            out[day["dayKey"] as? String ?? "?"] = day["metrics"] as? [String: Any] ?? [:]
                        }
                        return out
                    }
                    let viaHealthSave = try days(app)
                    let viaNative = try days(plain)
                    func number(_ d: [String: [String: Any]], _ day: String, _ metric: String, _ field: String) -> Double? {
                        (d[day]?[metric] as? [String: Any])?[field] as? Double
                    }
                    // Hand-computed.
                    #expect(number(viaHealthSave, "2026-04-10", "step_count", "total") == 800)
                    #expect(number(viaHealthSave, "2026-04-11", "step_count", "total") == 200)
                    #expect(number(viaHealthSave, "2026-04-10", "heart_rate_bpm", "avg") == 72)
                    #expect(number(viaHealthSave, "2026-04-10", "heart_rate_bpm", "min") == 64)
                    #expect(number(viaHealthSave, "2026-04-11", "heart_rate_bpm", "latest") == 90)
                    #expect(number(viaHealthSave, "2026-04-10", "sleep_segment", "asleepMinutes") == 450)
                    // And the same as native ingest, metric by metric and day by day.
                    for day in ["2026-04-10", "2026-04-11"] {
                        for metric in Self.compared {
                            let a = viaHealthSave[day]?[metric] as? NSDictionary
                            let b = viaNative[day]?[metric] as? NSDictionary
                            #expect(a == b, "\(day) \(metric):\n\(String(describing: a))\n\(String(describing: b))")
                        }
                    }
                }
            }
        }
    }

    @Test func v2SyncWithDeletionsOffsetsAndAnAndroidBatch() async throws {
        try await withServerProcess(arguments: ["--timezone", Self.zone], environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let (port, token) = (server.port, Self.token)
            try await blocking {
                let app = try LoopbackHTTPClient(port: port)
                let headers = [("x-api-key", token), ("Content-Type", "application/json")]
                func post(_ body: [String: Any]) throws -> [String: Any] {
                    let reply = try app.send(method: "POST", path: "/api/v2/apple/batch", headers: headers, body: bytes(body))
                    #expect(reply.status == 200, "\(reply.text)")
                    return object(reply)
                }
                // v1 first (no ids), then the upgraded app re-sends the first sample with its uuid.
                _ = try post(["metric": "step_count", "samples": [["date": "2026-04-10T10:00:00Z", "qty": 100, "source": "iPhone"]]])
                let upgraded = try post([
                    "metric": "step_count", "schema_version": 2, "source_bundle_id": "com.apple.health", "device": ["name": "iPhone", "model": "iPhone16,1"],
                    "samples": [
                        ["uuid": "S-1", "startDate": "2026-04-10T10:00:00Z", "endDate": "2026-04-10T10:05:00Z", "qty": 100, "unit": "count", "source": "iPhone", "tzOffsetMinutes": 120],
                        // Taken in Tokyo: 16:00 UTC is 01:00 on the 11th there (and 18:00 on the 10th in Berlin).
                        ["uuid": "S-2", "startDate": "2026-04-10T16:00:00Z", "endDate": "2026-04-10T16:10:00Z", "qty": 250, "unit": "count", "tzOffsetMinutes": 540,
                         "metadata": ["motionContext": 2]],
                        ["uuid": "S-3", "startDate": "2026-04-10T12:00:00Z", "endDate": "2026-04-10T12:05:00Z", "qty": 40, "unit": "count", "source": "iPhone"],
                    ],
                ])
                #expect(upgraded["records_deduped_existing"] as? Int == 1)
                #expect(upgraded["records_inserted_new"] as? Int == 2)
                // The phone deleted S-3.
                let deletion = try post(["metric": "step_count", "schema_version": 2, "samples": [], "deletions": [["uuid": "S-3"], ["uuid": "S-404"]]])
                #expect(deletion["deletions"] as? [String: Int] == ["received": 2, "deleted": 1, "not_found": 1])
                // An Android bridge batch of heart rate.
                let android = try post([
                    "metric": "heart_rate", "schema_version": 2, "client_platform": "android", "client_schema_version": 1, "bridge_install_id": "br-1",
                    "samples": [["provider_object_id": "hc-9", "startDate": "2026-04-10T06:00:00Z", "endDate": "2026-04-10T06:00:00Z", "qty": 58,
                                 "source_bundle_id": "com.google.android.apps.fitness", "device_manufacturer": "Google", "device_model": "Pixel Watch 3"]],
                ])
                #expect(android["records"] as? Int == 1)

                let daily = object(try app.send(method: "GET", path: "/health/daily?from=2026-04-09&to=2026-04-11", token: token))
                var steps: [String: Double] = [:]
                var heart: [String: Double] = [:]
                for day in daily["days"] as? [[String: Any]] ?? [] {
                    let metrics = day["metrics"] as? [String: Any]
                    if let total = (metrics?["step_count"] as? [String: Any])?["total"] as? Double { steps[day["dayKey"] as? String ?? "?"] = total }
                    if let avg = (metrics?["heart_rate_bpm"] as? [String: Any])?["avg"] as? Double { heart[day["dayKey"] as? String ?? "?"] = avg }
                }
                // 100 on the 10th (one sample, not two; S-3 deleted), 250 on Tokyo's 11th; 58 bpm at 08:00 Berlin on the 10th.
                #expect(steps == ["2026-04-10": 100, "2026-04-11": 250])
                #expect(heart == ["2026-04-10": 58])

                // Native ingest takes the fixed-offset zone too.
                let fixed = try app.send(method: "POST", path: "/health/ingest", token: token, headers: [("Content-Type", "application/json")], body: bytes(["samples": [[
                    "sampleKey": "fixed-1", "metric": "step_count", "startTimeMs": 1_775_858_400_000, "endTimeMs": 1_775_858_460_000,
                    "valueNumber": 5, "unit": "count", "timezone": "UTC-03:30",
                ]]]))
                #expect(fixed.status == 200, "\(fixed.text)")
                // Errors over the socket: wrong key, malformed JSON, nothing valid.
                #expect(try app.send(method: "POST", path: "/api/apple/batch", headers: [("x-api-key", "nope"), ("Content-Type", "application/json")], body: bytes(["metric": "heart_rate"])).status == 401)
                #expect(try app.send(method: "POST", path: "/api/apple/batch", headers: headers, body: Array("{\"metric\":".utf8)).status == 400)
                #expect(try app.send(method: "POST", path: "/api/apple/batch", headers: headers, body: bytes(["metric": "heart_rate", "samples": [["date": "soon", "qty": 1]]])).status == 422)
            }
        }
    }
}
