import Foundation
import Testing
import HealthDomain
import HealthFormats
@testable import HealthAPI
@testable import HealthStore

/// The HealthSave v2 routes: receipts read from the batch ledger, coverage, diagnostics.
@Suite struct HealthSaveSyncRoutesTests {
    /// 2026-04-10 06:00 UTC.
    static let t0: Int64 = 1_775_800_800_000

    static func record(_ app: TestApp, _ entries: [(BatchLedger.Entry, Int64)]) async throws {
        try await app.store.pool.write { db in
            for (entry, at) in entries { try BatchLedger.record(db, entry, nowMs: at) }
        }
    }

    /// Run 1: heart_rate in two batches (one sample rejected), step_count as one empty batch;
    /// run 2, later: one sleep_analysis batch.
    static func recordTwoRuns(_ app: TestApp) async throws {
        // Positional: key, hash, run, metric, index, total, status, body, received, accepted, rejected, window.
        let entry = BatchLedgerTests.entry
        var hr0 = entry("hr-0", "h0", "run-1", "heart_rate", 0, 2, 200, #"{"status":"processed"}"#, 50, 50, 0, (t0 - 3_600_000, t0 - 1_800_000))
        hr0.recordsInsertedNew = 40
        hr0.recordsDedupedExisting = 10
        var hr1 = entry("hr-1", "h1", "run-1", "heart_rate", 1, 2, 200, #"{"status":"processed"}"#, 30, 29, 1, (t0 - 1_800_000, t0 - 60_000))
        hr1.recordsInsertedNew = 29
        hr1.recordsDedupedExisting = 0
        let steps = entry("st-0", "s0", "run-1", "step_count", 0, 1, 200, #"{"status":"processed","records":0}"#, 0, 0, 0, nil)
        let sleep = entry("sl-0", "z0", "run-2", "sleep_analysis", 0, 1, 200, #"{"status":"processed"}"#, 4, 4, 0, (t0 - 28_800_000, t0))
        try await record(app, [(hr0, t0 + 1_000), (hr1, t0 + 2_000), (steps, t0 + 3_000), (sleep, t0 + 60_000)])
    }

    // MARK: Empty store

    @Test func anEmptyLedgerAnswersEmptyRunsAndNoCoverage() async throws {
        let app = TestApp()
        let latest = await app.send(.get, "/api/v2/sync/runs/latest")
        #expect(latest.status == 200)
        #expect(latest.json["status"] as? String == "empty")
        #expect(latest.json["message"] as? String == "No HealthSave sync receipts recorded yet.")

        // A run without receipts is empty, as the reference backend answers (not a 404).
        let unknown = await app.send(.get, "/api/v2/sync/runs/run-nope")
        #expect(unknown.status == 200)
        #expect(unknown.json["status"] as? String == "empty")
        #expect(unknown.json["sync_run_id"] as? String == "run-nope")
        #expect(unknown.json["summary"] == nil && unknown.json["per_metric"] == nil)

        let coverage = await app.send(.get, "/api/v2/sync/coverage")
        #expect(coverage.status == 200)
        #expect(coverage.json["status"] as? String == "ok")
        #expect((coverage.json["metrics"] as? [Any])?.isEmpty == true)
        let summary = coverage.json["summary"] as? [String: Any]
        #expect(summary?["batches_seen"] as? Int == 0)
        #expect(summary?["metrics_seen"] as? Int == 0)
        #expect(summary?["records_inserted_new"] is NSNull)
    }

    @Test func theRoutesRefuseQueryParametersAndOverlongIDs() async throws {
        let app = TestApp()
        #expect(await app.send(.get, "/api/v2/sync/coverage?metric=heart_rate").status == 400)
        #expect(await app.send(.get, "/api/v2/sync/runs/latest?x=1").status == 400)
        let long = String(repeating: "r", count: 257)
        let overlong = await app.send(.get, "/api/v2/sync/runs/\(long)")
        #expect(overlong.status == 400)
        #expect(overlong.errorDetails?["field"] as? String == "sync_run_id")
    }

    // MARK: Runs

    @Test func aRunsReceiptSumsItsBatchesPerMetric() async throws {
        let app = TestApp()
        try await Self.recordTwoRuns(app)
        let reply = await app.send(.get, "/api/v2/sync/runs/run-1")
        #expect(reply.status == 200)
        let json = reply.json
        #expect(json["status"] as? String == "ok")
        #expect(json["sync_run_id"] as? String == "run-1")
        #expect(json["verification_level"] as? String == "delivery_receipt")
        #expect(json["started_at"] as? String == "2026-04-10T06:00:01.000Z")
        #expect(json["completed_at"] as? String == "2026-04-10T06:00:03.000Z")

        let summary = json["summary"] as? [String: Any]
        #expect(summary?["metrics_seen"] as? Int == 2)
        #expect(summary?["batches_seen"] as? Int == 3)
        #expect(summary?["batches_processed"] as? Int == 2)
        #expect(summary?["batches_empty"] as? Int == 1)
        #expect(summary?["batches_failed"] as? Int == 0)
        #expect(summary?["records_received"] as? Int == 80)
        #expect(summary?["records_accepted"] as? Int == 79)
        #expect(summary?["records_rejected"] as? Int == 1)
        #expect(summary?["records_inserted_new"] as? Int == 69)
        #expect(summary?["records_deduped_existing"] as? Int == 10)
        // The step batch did not count inserts, so the run as a whole cannot claim it.
        #expect(summary?["storage_result_level"] as? String == "accepted_only")
        let window = summary?["sample_window"] as? [String: Any]
        #expect(window?["min_sample_time"] as? String == "2026-04-10T05:00:00.000Z")
        #expect(window?["max_sample_time"] as? String == "2026-04-10T05:59:00.000Z")

        let perMetric = json["per_metric"] as? [String: [String: Any]]
        #expect(perMetric?.keys.sorted() == ["heart_rate", "step_count"])
        let hr = perMetric?["heart_rate"]
        #expect(hr?["batches_seen"] as? Int == 2)
        #expect(hr?["total_batches"] as? Int == 2)
        #expect(hr?["batch_indexes_seen"] as? Int == 2)
        #expect(hr?["complete"] as? Bool == true)
        #expect(hr?["received"] as? Int == 80)
        #expect(hr?["accepted"] as? Int == 79)
        #expect(hr?["rejected"] as? Int == 1)
        #expect(hr?["inserted_new"] as? Int == 69)
        #expect(hr?["storage_result_level"] as? String == "inserted_vs_existing")
        #expect(hr?["first_received_at"] as? String == "2026-04-10T06:00:01.000Z")
        #expect(hr?["last_received_at"] as? String == "2026-04-10T06:00:02.000Z")
        #expect(hr?["latest_sample_time"] as? String == "2026-04-10T05:59:00.000Z")
        let steps = perMetric?["step_count"]
        #expect(steps?["batches_empty"] as? Int == 1)
        #expect(steps?["inserted_new"] is NSNull)
        #expect((steps?["sample_window"] as? [String: Any])?["min_sample_time"] is NSNull)
    }

    @Test func anIncompleteRunSaysSo() async throws {
        let app = TestApp()
        try await Self.record(app, [(BatchLedgerTests.entry(key: "a", run: "run-x", index: 0, total: 3), Self.t0)])
        let hr = (await app.send(.get, "/api/v2/sync/runs/run-x")).json["per_metric"] as? [String: [String: Any]]
        #expect(hr?["heart_rate"]?["complete"] as? Bool == false)
        #expect(hr?["heart_rate"]?["batch_indexes_seen"] as? Int == 1)
    }

    @Test func latestIsTheRunOfTheNewestBatch() async throws {
        let app = TestApp()
        try await Self.recordTwoRuns(app)
        let json = (await app.send(.get, "/api/v2/sync/runs/latest")).json
        #expect(json["status"] as? String == "ok")
        #expect(json["sync_run_id"] as? String == "run-2")
        #expect(json["metrics"] as? [String] == ["sleep_analysis"])
        #expect(json["batches_seen"] as? Int == 1)
        #expect(json["records_received"] as? Int == 4)
        #expect(json["records_skipped"] as? Int == 0)
        #expect(json["sample_min_at"] as? String == "2026-04-09T22:00:00.000Z")
        #expect(json["latest_sample_time"] as? String == "2026-04-10T06:00:00.000Z")
        #expect((json["per_metric"] as? [String: Any])?.keys.sorted() == ["sleep_analysis"])

        // A batch of run 1 arriving later makes run 1 the latest again.
        try await Self.record(app, [(BatchLedgerTests.entry(key: "late", run: "run-1", metric: "heart_rate", index: 1, total: 2), Self.t0 + 120_000)])
        let again = (await app.send(.get, "/api/v2/sync/runs/latest")).json
        #expect(again["sync_run_id"] as? String == "run-1")
        #expect(again["batches_seen"] as? Int == 4)
    }

    @Test func batchesWithoutARunIDAreNoRun() async throws {
        let app = TestApp()
        try await Self.record(app, [(BatchLedgerTests.entry(key: "v1-batch", run: nil), Self.t0)])
        #expect((await app.send(.get, "/api/v2/sync/runs/latest")).json["status"] as? String == "empty")
        // They still count in coverage.
        let metrics = (await app.send(.get, "/api/v2/sync/coverage")).json["metrics"] as? [[String: Any]]
        #expect(metrics?.first?["batches_seen"] as? Int == 1)
    }

    // MARK: Coverage

    @Test func coverageSetsReceiptsBesideStoredDataUnderHealthSaveNames() async throws {
        let app = TestApp(clock: .fixed(Self.t0 + 86_400_000))
        let samples = [
            sampleJSON("hr-a", metric: "heart_rate", start: Self.t0 - 3_600_000, minutes: 0, value: 60, unit: "bpm", source: "Apple Watch"),
            sampleJSON("hr-b", metric: "heart_rate", start: Self.t0 - 60_000, minutes: 0, value: 70, unit: "bpm", source: "Apple Watch"),
            sampleJSON("st-a", metric: "step_count", start: Self.t0 - 7_200_000, value: 500),
            sampleJSON("ae-a", metric: "active_energy_burned", start: Self.t0 - 7_200_000, value: 20, unit: "kcal"),
            sampleJSON("nf-a", metric: "nike_fuel", start: Self.t0 - 7_200_000, value: 3, unit: "count"),
        ]
        let ingest = await app.send(.post, "/health/ingest", body: body(samples))
        #expect(ingest.status == 200)
        try await Self.recordTwoRuns(app)

        let json = (await app.send(.get, "/api/v2/sync/coverage")).json
        let metrics = json["metrics"] as? [[String: Any]] ?? []
        let byName = Dictionary(uniqueKeysWithValues: metrics.compactMap { m in (m["metric"] as? String).map { ($0, m) } })
        #expect(byName.keys.sorted() == ["active_energy_burned", "heart_rate", "nike_fuel", "sleep_analysis", "step_count"])

        let hr = byName["heart_rate"]
        #expect(hr?["batches_seen"] as? Int == 2)
        #expect(hr?["records_received"] as? Int == 80)
        #expect(hr?["destination_row_count"] as? Int == 2)
        let destination = hr?["destination"] as? [String: Any]
        #expect(destination?["count"] as? Int == 2)
        #expect(destination?["oldest"] as? String == "2026-04-10T05:00:00.000Z")
        #expect(destination?["newest"] as? String == "2026-04-10T05:59:00.000Z")
        #expect(hr?["last_synced_at"] as? String == "2026-04-10T06:00:02.000Z")
        #expect(hr?["freshness_state"] as? String == "fresh")

        // Stored, never sent through HealthSave batches.
        #expect(byName["active_energy_burned"]?["freshness_state"] as? String == "destination_only")
        #expect(byName["active_energy_burned"]?["last_synced_at"] is NSNull)
        #expect(byName["nike_fuel"]?["destination_row_count"] as? Int == 1)
        // Sent, but the empty batch stored nothing.
        #expect(byName["step_count"]?["batches_empty"] as? Int == 1)
        #expect(byName["step_count"]?["destination_row_count"] as? Int == 1)
        #expect(byName["sleep_analysis"]?["freshness_state"] as? String == "receipt_only")

        let summary = json["summary"] as? [String: Any]
        #expect(summary?["metrics_seen"] as? Int == 5)
        #expect(summary?["batches_seen"] as? Int == 4)
        #expect(summary?["records_received"] as? Int == 84)
    }

    @Test func canonicalNamesMapBackToTheNamesHealthSaveSends() {
        let names = HealthSaveCatalog.statusNamesByMetric(MetricCatalog.standard)
        #expect(names["heart_rate_bpm"] == "heart_rate")
        #expect(names["step_count"] == "step_count")
        #expect(names["active_energy_kcal"] == "active_energy_burned")
        #expect(names["dietary_energy_kcal"] == "dietary_energy_consumed")
        #expect(names["sleep_segment"] == "sleep_analysis")
        #expect(names["body_fat_percent"] == "body_fat_percentage")
        #expect(names["mindful_session"] == "mindful_session")
        #expect(names["walking_speed_km_h"] == "walking_speed")
        // Stored raw: no app name, so coverage keeps its own.
        #expect(names["heartbeat_series"] == nil)
    }

    // MARK: Diagnostics

    @Test func diagnosticsAnswersWithoutATokenAndHoldsNoHealthData() async throws {
        let app = TestApp()
        let before = await app.send(.get, "/api/v2/setup/diagnostics", authorized: false)
        #expect(before.status == 200)
        #expect(before.json["healthsave_compatible"] as? Bool == true)
        #expect(before.json["service"] as? String == "healthd")
        #expect(before.json["version"] as? String == HealthAPIVersion.current)
        #expect(before.json["contract_versions"] as? [String] == ["v1", "v2"])
        #expect(before.json["auth_headers"] as? [String] == ["Authorization: Bearer <token>", "x-api-key: <token>"])
        #expect(before.json["ingest_endpoint"] as? String == "/api/apple/batch")
        #expect((before.json["limits"] as? [String: Any])?["idempotency_key_retention_days"] as? Int == 90)

        // Storing samples and receipts changes nothing in it: it reads no stored data.
        _ = await app.send(.post, "/health/ingest", body: body([sampleJSON("a", metric: "heart_rate", minutes: 0, value: 61, unit: "bpm", source: "Apple Watch")]))
        try await Self.recordTwoRuns(app)
        let after = await app.send(.get, "/api/v2/setup/diagnostics", authorized: false)
        #expect(after.response.body == before.response.body)
        let text = String(decoding: after.response.body, as: UTF8.self)
        #expect(!text.contains("Apple Watch") && !text.contains("run-1") && !text.contains(TestApp.token))

        // The receipts are not public.
        #expect(await app.send(.get, "/api/v2/sync/runs/latest", authorized: false).status == 401)
        #expect(await app.send(.get, "/api/v2/sync/coverage", authorized: false).status == 401)
    }
}
