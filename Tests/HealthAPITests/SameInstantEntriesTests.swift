import Foundation
import HealthDomain
import HealthFormats
import Locking
import SQLiteStore
import Testing
@testable import HealthAPI
@testable import HealthStore

/// A meal logged as two items at one instant — 210 kcal (toast) and 145 kcal (eggs) from
/// MyFitnessPal at 2026-04-10T06:00:00Z — counts 355 kcal by every path, again after a
/// re-send, and across paths; identified samples take over id-less ones instead of adding
/// to them, and two identified samples never merge.
@Suite struct SameInstantEntriesTests {
    static let day = "2026-04-10"
    /// 2026-04-10T06:00:00Z.
    static let meal: Int64 = 1_775_800_800_000

    /// An app whose clock moves on by a second at every reading, so a rewritten row shows
    /// in its `updated_ms`.
    static func app() -> TestApp {
        let now = Locked<Int64>(1_775_900_000_000)
        return TestApp(clock: AppClock { now.withLock { $0 += 1_000; return $0 } })
    }

    static func total(_ app: TestApp) async throws -> Double? {
        let reply = await app.send(.get, "/health/daily?from=\(day)&to=\(day)")
        #expect(reply.status == 200)
        let metrics = (reply.json["days"] as? [[String: Any]])?.first?["metrics"] as? [String: Any]
        return (metrics?["dietary_energy_kcal"] as? [String: Any])?["total"] as? Double
    }

    struct Row: Equatable {
        var key: String
        var value: Double
        var updatedMs: Int64
    }

    /// The stored dietary energy samples, by key.
    static func rows(_ app: TestApp) async throws -> [Row] {
        try await app.store.pool.read { db in
            try SampleRow.all(db: db).filter { $0.sample.metric.rawValue == "dietary_energy_kcal" }.map {
                Row(key: $0.sample.sampleKey, value: $0.sample.valueNumber ?? 0, updatedMs: $0.updatedMs)
            }
        }
    }

    static func json(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }

    /// A HealthSave v1 batch of id-less items (date, qty, source) at the meal's time.
    static func healthSaveV1(_ app: TestApp, _ values: [Double]) async -> TestApp.Reply {
        let samples: [[String: Any]] = values.map { ["date": "2026-04-10T06:00:00Z", "qty": $0, "source": "MyFitnessPal"] }
        return await app.send(.post, "/api/apple/batch", body: json(["metric": "dietary_energy_consumed", "batch_index": 0, "total_batches": 1, "samples": samples]))
    }

    /// A HealthSave v2 batch of items with their HealthKit uuids.
    static func healthSaveV2(_ app: TestApp, _ items: [(uuid: String, value: Double)]) async -> TestApp.Reply {
        let samples: [[String: Any]] = items.map {
            ["uuid": $0.uuid, "startDate": "2026-04-10T06:00:00Z", "endDate": "2026-04-10T06:00:00Z", "qty": $0.value, "unit": "kcal", "source": "MyFitnessPal"]
        }
        return await app.send(.post, "/api/v2/apple/batch", body: json(["schema_version": 2, "metric": "dietary_energy_consumed", "batch_index": 0,
                                                                        "total_batches": 1, "samples": samples]))
    }

    static func healthAutoExport(_ app: TestApp, _ values: [Double]) async -> TestApp.Reply {
        let points: [[String: Any]] = values.map { ["date": "2026-04-10 06:00:00 +0000", "qty": $0, "source": "MyFitnessPal"] }
        return await app.send(.post, "/health/hae", body: json(["data": ["metrics": [["name": "dietary_energy", "units": "kcal", "data": points]]]]))
    }

    static func native(_ app: TestApp, _ items: [(key: String, value: Double)]) async -> TestApp.Reply {
        let samples: [[String: Any]] = items.map {
            ["sampleKey": $0.key, "metric": "dietary_energy_kcal", "startTimeMs": meal, "endTimeMs": meal, "valueNumber": $0.value,
             "unit": "kcal", "sourceName": "MyFitnessPal", "timezone": "UTC"]
        }
        return await app.send(.post, "/health/ingest", body: json(["samples": samples]))
    }

    /// An Apple Health export of the meal's records (with a sync identifier each when given),
    /// imported through `POST /health/import`; the job's report.
    static func importExport(_ app: TestApp, _ items: [(value: Double, sync: String?)]) async throws -> [String: Any] {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2026-04-11 09:00:00 +0000\"/>\n"
        for item in items {
            xml += " <Record type=\"HKQuantityTypeIdentifierDietaryEnergyConsumed\" sourceName=\"MyFitnessPal\" unit=\"kcal\" "
                + "creationDate=\"2026-04-10 06:01:00 +0000\" startDate=\"2026-04-10 06:00:00 +0000\" endDate=\"2026-04-10 06:00:00 +0000\" "
                + "value=\"\(Int(item.value))\">\n"
            if let sync = item.sync {
                xml += "  <MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"\(sync)\"/>\n"
                xml += "  <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"1\"/>\n"
            }
            xml += " </Record>\n"
        }
        xml += "</HealthData>\n"
        let started = await app.send(.post, "/health/import", headers: [("Content-Type", "application/xml")], bodyBytes: Array(xml.utf8))
        #expect(started.status == 202)
        let id = try #require(started.json["id"] as? String)
        var job: [String: Any] = [:]
        // The import runs on a thread of its own; its job says when it has finished.
        for _ in 0..<500 {
            job = await app.send(.get, "/health/import/\(id)").json
            if job["finished"] as? Bool == true { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(job["status"] as? String == "done", "\(job)")
        return try #require(job["result"] as? [String: Any])
    }

    static let eggsAndToast: [(value: Double, sync: String?)] = [(145, "mfp-eggs"), (210, "mfp-toast")]

    // MARK: Each path on its own

    @Test func healthSaveV1CountsBothItemsAndAReSendChangesNothing() async throws {
        let app = Self.app()
        let first = await Self.healthSaveV1(app, [210, 145])
        #expect(first.status == 200)
        #expect(first.json["records_inserted_new"] as? Int == 2)
        #expect(first.json["records_deduped_in_batch"] as? Int == 0)
        #expect(try await Self.total(app) == 355)
        let stored = try await Self.rows(app)
        #expect(stored.map(\.value).sorted() == [145, 210])

        let again = await Self.healthSaveV1(app, [210, 145])
        #expect(again.status == 200)
        #expect(again.json["records_inserted_new"] as? Int == 0)
        #expect(again.json["records_deduped_existing"] as? Int == 2)
        #expect(again.json["records_deduped_in_batch"] as? Int == 0)
        #expect(try await Self.total(app) == 355)
        // Unchanged, not updated: no row was rewritten.
        #expect(try await Self.rows(app) == stored)
    }

    @Test func healthAutoExportCountsBothItemsAndAReSendIsUnchanged() async throws {
        let app = Self.app()
        let first = await Self.healthAutoExport(app, [210, 145])
        #expect(first.status == 200)
        #expect(first.json["inserted"] as? Int == 2)
        #expect(first.json["updated"] as? Int == 0)
        #expect(try await Self.total(app) == 355)
        let again = await Self.healthAutoExport(app, [210, 145])
        #expect(again.json["inserted"] as? Int == 0)
        #expect(again.json["updated"] as? Int == 0)
        #expect(again.json["unchanged"] as? Int == 2)
        #expect(try await Self.total(app) == 355)
    }

    @Test func anExportWithTwoSyncIdentifiersCountsBothAndAReImportIsUnchanged() async throws {
        let app = Self.app()
        let first = try await Self.importExport(app, Self.eggsAndToast)
        #expect(first["inserted"] as? Int == 2)
        #expect(try await Self.total(app) == 355)
        let again = try await Self.importExport(app, Self.eggsAndToast)
        #expect(again["inserted"] as? Int == 0)
        #expect(again["updated"] as? Int == 0)
        #expect(again["unchanged"] as? Int == 2)
        #expect(try await Self.total(app) == 355)
        #expect(try await Self.rows(app).allSatisfy { $0.key.hasPrefix("s1-") })
    }

    @Test func anExportWithoutSyncIdentifiersCountsBothRecordsToo() async throws {
        let app = Self.app()
        let first = try await Self.importExport(app, [(210, nil), (145, nil)])
        #expect(first["inserted"] as? Int == 2)
        #expect(first["repeated"] as? Int == 0)
        #expect(try await Self.total(app) == 355)
        let again = try await Self.importExport(app, [(210, nil), (145, nil)])
        #expect(again["unchanged"] as? Int == 2)
        #expect(again["inserted"] as? Int == 0 && again["updated"] as? Int == 0)
        #expect(try await Self.total(app) == 355)
    }

    // MARK: Corrections

    @Test func aCorrectedValueUpdatesInPlace() async throws {
        let app = Self.app()
        #expect(await Self.healthSaveV1(app, [210, 145]).status == 200)
        let corrected = await Self.healthSaveV1(app, [220, 145])
        #expect(corrected.json["records_inserted_new"] as? Int == 0)
        #expect(try await Self.total(app) == 365)
        #expect(try await Self.rows(app).count == 2)

        let hae = Self.app()
        #expect(await Self.healthAutoExport(hae, [210, 145]).status == 200)
        let changed = await Self.healthAutoExport(hae, [220, 145])
        #expect(changed.json["updated"] as? Int == 1)
        #expect(changed.json["unchanged"] as? Int == 1)
        #expect(changed.json["inserted"] as? Int == 0)
        #expect(try await Self.total(hae) == 365)
    }

    @Test func theSameItemsInAnotherOrderChangeNothing() async throws {
        let app = Self.app()
        #expect(await Self.healthAutoExport(app, [210, 145]).status == 200)
        let stored = try await Self.rows(app)
        let swapped = await Self.healthAutoExport(app, [145, 210])
        #expect(swapped.json["unchanged"] as? Int == 2)
        #expect(try await Self.total(app) == 355)
        #expect(try await Self.rows(app) == stored)
    }

    // MARK: Across paths

    @Test func theMealByHealthSaveThenByTheExportIsStill355() async throws {
        let app = Self.app()
        #expect(await Self.healthSaveV1(app, [210, 145]).status == 200)
        let report = try await Self.importExport(app, Self.eggsAndToast)
        #expect(report["inserted"] as? Int == 0)
        #expect(try await Self.total(app) == 355)
        // Each record took over the id-less entry of its value: the toast is the 210.
        let stored = try await Self.rows(app)
        #expect(stored.count == 2)
        #expect(stored.allSatisfy { $0.key.hasPrefix("s1-") })
        // And HealthSave again, then Health Auto Export: still the same two samples.
        #expect(await Self.healthSaveV1(app, [210, 145]).json["records_inserted_new"] as? Int == 0)
        let hae = await Self.healthAutoExport(app, [210, 145])
        #expect(hae.json["inserted"] as? Int == 0)
        #expect(hae.json["updated"] as? Int == 0)
        #expect(try await Self.total(app) == 355)
        #expect(try await Self.rows(app).map(\.key) == stored.map(\.key))
    }

    @Test func theExportFirstThenHealthSaveAndHealthAutoExportAddNothing() async throws {
        let app = Self.app()
        _ = try await Self.importExport(app, Self.eggsAndToast)
        #expect(await Self.healthSaveV1(app, [210, 145]).json["records_inserted_new"] as? Int == 0)
        #expect(await Self.healthAutoExport(app, [145, 210]).json["inserted"] as? Int == 0)
        #expect(try await Self.total(app) == 355)
        #expect(try await Self.rows(app).count == 2)
    }

    // MARK: Identified and id-less

    @Test func aHealthSaveUUIDTakesOverTheItemWithItsValue() async throws {
        let app = Self.app()
        #expect(await Self.healthSaveV1(app, [210, 145]).status == 200)
        let v2 = await Self.healthSaveV2(app, [("6F1A2B3C-0000-4000-8000-000000000145", 145)])
        #expect(v2.json["records_inserted_new"] as? Int == 0)
        #expect(v2.json["records_deduped_existing"] as? Int == 1)
        #expect(try await Self.total(app) == 355)
        let stored = try await Self.rows(app)
        #expect(stored.count == 2)
        #expect(stored.first { $0.key == "6F1A2B3C-0000-4000-8000-000000000145" }?.value == 145)
        #expect(stored.first { SampleKey.isDerived($0.key) }?.value == 210)
        // The other item by its uuid too; then v1 again: nothing added.
        #expect(await Self.healthSaveV2(app, [("6F1A2B3C-0000-4000-8000-000000000210", 210)]).json["records_inserted_new"] as? Int == 0)
        #expect(await Self.healthSaveV1(app, [210, 145]).json["records_inserted_new"] as? Int == 0)
        #expect(try await Self.total(app) == 355)
        #expect(try await Self.rows(app).allSatisfy { !SampleKey.isDerived($0.key) })
    }

    @Test func aNativeKeyTakesOverTheItemWithItsValue() async throws {
        let app = Self.app()
        #expect(await Self.healthAutoExport(app, [210, 145]).status == 200)
        let native = await Self.native(app, [("HK-EGGS", 145)])
        #expect(native.json["inserted"] as? Int == 0)
        #expect(native.json["updated"] as? Int == 1)
        #expect(try await Self.total(app) == 355)
        #expect(try await Self.rows(app).first { $0.key == "HK-EGGS" }?.value == 145)
        // The id-less pair again: one of them is the identified sample, the other its own entry.
        let again = await Self.healthAutoExport(app, [210, 145])
        #expect(again.json["inserted"] as? Int == 0)
        #expect(again.json["unchanged"] as? Int == 2)
        #expect(try await Self.total(app) == 355)
    }

    @Test func oneIdentifiedSampleMatchesOnlyOneOfTwoIdlessEntries() async throws {
        let app = Self.app()
        #expect(await Self.healthSaveV2(app, [("6F1A2B3C-0000-4000-8000-000000000210", 210)]).status == 200)
        let v1 = await Self.healthSaveV1(app, [210, 145])
        #expect(v1.json["records_inserted_new"] as? Int == 1)
        #expect(try await Self.total(app) == 355)
        // And when both id-less entries have the identified sample's value: one is it, one is new.
        let twice = Self.app()
        #expect(await Self.native(twice, [("HK-WATER", 250)]).status == 200)
        let water = await Self.healthAutoExport(twice, [250, 250])
        #expect(water.json["inserted"] as? Int == 1)
        #expect(water.json["unchanged"] as? Int == 1)
        #expect(try await Self.total(twice) == 500)
    }

    @Test func twoIdentifiedSamplesAtOneInstantNeverMerge() async throws {
        let app = Self.app()
        let native = await Self.native(app, [("HK-TOAST", 210), ("HK-EGGS", 145)])
        #expect(native.json["inserted"] as? Int == 2)
        #expect(try await Self.total(app) == 355)
        let v2 = Self.app()
        let uuids = await Self.healthSaveV2(v2, [("6F1A2B3C-0000-4000-8000-000000000210", 210), ("6F1A2B3C-0000-4000-8000-000000000145", 145)])
        #expect(uuids.json["records_inserted_new"] as? Int == 2)
        #expect(try await Self.total(v2) == 355)
        // A sync identifier and a client key of their own are two samples as well.
        let mixed = Self.app()
        _ = try await Self.importExport(mixed, [(145, "mfp-eggs")])
        #expect(await Self.native(mixed, [("HK-TOAST", 210)]).json["inserted"] as? Int == 1)
        #expect(try await Self.total(mixed) == 355)
    }
}
