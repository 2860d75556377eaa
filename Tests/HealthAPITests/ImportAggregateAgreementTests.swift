import Foundation
import HealthDomain
import HealthTesting
import SQLiteStore
import Testing
@testable import HealthAPI
@testable import HealthStore

/// An import stores what the normal ingest path stores: the same samples, and day
/// aggregates equal to those the same samples get when ingested in one request, and to
/// a rebuild, whatever the import's batch size (batches that share their edge days, one
/// metric's records split across many batches, two sources of one metric in turn).
@Suite struct ImportAggregateAgreementTests {
    static let nowMs: Int64 = 1_775_800_000_000

    /// An export of several days across the spring DST change in Berlin: steps from the
    /// phone, then from the watch at other minutes and at some of the same minutes; heart
    /// rates, some with metadata; sleep stages over midnight; a weight with a sync
    /// identifier; blood pressure members. Ordered by type, then source, then time, as
    /// the phone writes it.
    static func exportXML() -> String {
        var random: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        func stamp(day: Int, minute: Int) -> String {
            // Local wall time from 2026-03-26 00:00 (every day of it stays in March); the
            // clocks go forward on 2026-03-29 at 02:00, +0100 to +0200.
            let local = day * 1440 + minute
            let (dayIndex, minuteOfDay) = (local >= 0 ? local / 1440 : (local - 1439) / 1440, ((local % 1440) + 1440) % 1440)
            let offset = local >= 3 * 1440 + 120 ? "+0200" : "+0100"
            return String(format: "2026-03-%02d %02d:%02d:00 ", 26 + dayIndex, minuteOfDay / 60, minuteOfDay % 60) + offset
        }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="de_DE">
             <ExportDate value="2026-04-10 09:00:00 +0200"/>

            """
        func record(_ type: String, _ source: String, unit: String?, day: Int, start: Int, minutes: Int, value: String, extra: String = "", body: String = "") {
            let unitText = unit.map { " unit=\"\($0)\"" } ?? ""
            let head = " <Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"1\"\(unitText) creationDate=\"\(stamp(day: day, minute: start + minutes))\" "
                + "startDate=\"\(stamp(day: day, minute: start))\" endDate=\"\(stamp(day: day, minute: start + minutes))\" value=\"\(value)\"\(extra)"
            out += body.isEmpty ? head + "/>\n" : head + ">\n" + body + " </Record>\n"
        }
        let days = 6
        var phoneMinutes: [Int: [Int]] = [:]
        for day in 0..<days {
            // Late evening records land on the next UTC day; early ones before the local day starts in UTC.
            for index in 0..<24 {
                let minute = 5 + index * 59 + next(20)
                phoneMinutes[day, default: []].append(minute)
                record("HKQuantityTypeIdentifierStepCount", "Jane’s iPhone", unit: "count", day: day, start: minute, minutes: 10, value: "\(20 + next(900))")
            }
        }
        for day in 0..<days {
            for index in 0..<18 {
                // Every third at the phone's minute: the same instant from another source.
                let minute = index % 3 == 0 ? phoneMinutes[day]![index] : 12 + index * 79 + next(30)
                record("HKQuantityTypeIdentifierStepCount", "Jane’s Apple Watch", unit: "count", day: day, start: minute, minutes: 10, value: "\(20 + next(900))")
            }
        }
        for day in 0..<days {
            for index in 0..<30 {
                let body = index % 4 == 0 ? "  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(next(3))\"/>\n" : ""
                record("HKQuantityTypeIdentifierHeartRate", "Jane’s Apple Watch", unit: "count/min", day: day, start: 3 + index * 47 + next(15), minutes: 0,
                       value: "\(52 + next(90))", body: body)
            }
        }
        for day in 0..<days {
            record("HKQuantityTypeIdentifierBodyMass", "Scale", unit: "kg", day: day, start: 7 * 60 + next(30), minutes: 0, value: "\(70 + next(5)).\(next(10))",
                   body: "  <MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"scale-\(day)\"/>\n  <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"1\"/>\n")
        }
        let stages = ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepREM",
                      "HKCategoryValueSleepAnalysisAwake", "HKCategoryValueSleepAnalysisAsleepCore"]
        for day in 1..<days {
            var minute = -70
            record("HKCategoryTypeIdentifierSleepAnalysis", "Jane’s Apple Watch", unit: nil, day: day, start: minute, minutes: 460,
                   value: "HKCategoryValueSleepAnalysisInBed")
            for stage in stages {
                let length = 50 + next(40)
                record("HKCategoryTypeIdentifierSleepAnalysis", "Jane’s Apple Watch", unit: nil, day: day, start: minute, minutes: length, value: stage)
                minute += length
            }
        }
        for day in stride(from: 0, to: days, by: 2) {
            record("HKQuantityTypeIdentifierBloodPressureSystolic", "Omron", unit: "mmHg", day: day, start: 8 * 60, minutes: 0, value: "\(110 + next(20))")
            record("HKQuantityTypeIdentifierBloodPressureDiastolic", "Omron", unit: "mmHg", day: day, start: 8 * 60, minutes: 0, value: "\(70 + next(15))")
        }
        out += "</HealthData>\n"
        return out
    }

    /// Imports `path` into `store` in batches of `batchSize`, on a thread of its own.
    static func importFile(_ path: String, into store: SampleStore, batchSize: Int) async throws -> ImportReport {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ImportReport, any Error>) in
            let thread = Thread {
                let importer = AppleHealthImporter(store: store, batchSize: batchSize, now: { nowMs })
                do {
                    continuation.resume(returning: try importer.run(path: path))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
    }

    /// Every day aggregate as its day, metric, headline value, JSON and primary source.
    static func aggregates(_ store: SampleStore) throws -> [String] {
        try store.pool.readSync { db in
            try db.query("SELECT day, metric, value, data, source FROM day_aggregates ORDER BY day, metric", []) { row in
                "\(row.int64(0)) \(row.text(1)) \(row.optionalDouble(2).map { String($0) } ?? "-") \(row.text(3)) \(row.optionalText(4) ?? "-")"
            }
        }
    }

    static func samples(_ store: SampleStore) throws -> [Sample] {
        try store.pool.readSync { db in try SampleRow.all(db: db).map(\.sample) }
    }

    @Test func anImportsAggregatesEqualTheSameSamplesIngestedInOneRequest() async throws {
        let folder = try ExportFixture.temporaryDirectory()
        let path = folder.appendingPathComponent("export.xml").path
        try Self.exportXML().write(toFile: path, atomically: true, encoding: .utf8)

        // Small batches: many boundaries inside days, both step sources in several batches.
        let small = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let report = try await Self.importFile(path, into: small.store, batchSize: 7)
        #expect(report.rejected == 0)
        #expect(report.inserted > 300)
        let whole = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        _ = try await Self.importFile(path, into: whole.store, batchSize: AppleHealthImporter.defaultBatchSize)

        let imported = try Self.samples(small.store)
        #expect(imported.count == report.inserted)
        #expect(try Self.samples(whole.store) == imported)

        // The same samples through the normal ingest path, one request, nothing prepared.
        let direct = TestApp { $0.defaultTimezone = "Europe/Berlin" }
        let outcome = try await direct.store.ingest(imported, nowMs: Self.nowMs)
        #expect(outcome.inserted == imported.count)
        #expect(try Self.samples(direct.store) == imported)

        let expected = try Self.aggregates(direct.store)
        #expect(expected.count > 20)
        #expect(try Self.aggregates(small.store) == expected)
        #expect(try Self.aggregates(whole.store) == expected)
        let verified = try StoreVerifier.verify(pool: small.store.pool, rules: small.store.rules, nowMs: Self.nowMs)
        #expect(verified.isConsistent)

        // Imported again in other batches, nothing changes.
        let again = try await Self.importFile(path, into: small.store, batchSize: 11)
        #expect(again.inserted == 0 && again.updated == 0)
        #expect(again.unchanged == report.inserted)
        #expect(try Self.aggregates(small.store) == expected)
    }
}
