import Foundation
import SQLiteStore
import Testing
@testable import HealthAPI
@testable import HealthStore

/// `healthd export` → `healthd import` into an empty database: the same daily values,
/// summaries, workouts, rings, write intents and HealthSave receipts, every exported table
/// row for row (binary values byte for byte), a damaged export or one that is not one is
/// refused, and a failed export leaves nothing that passes for one.
@Suite struct ExportRoundTripTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// An app whose user is the one the observation batch names.
    static func app() -> TestApp { TestApp { $0.userID = ObservationBatchTests.user } }

    /// Every ingest and workout fixture's requests, two write intents, a HealthSave v1 and
    /// v2 batch (their answers kept in the batch ledger as blobs), a Health Auto Export sync,
    /// an observation batch and the hand-written Apple Health export.
    static func fill(_ app: TestApp) async throws {
        for folder in ["ingest", "workouts"] {
            let directory = fixtures.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(".json") && !name.hasSuffix(".expected.json") {
                let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(name))) as! [String: Any]
                for request in fixture["requests"] as? [[String: Any]] ?? [] {
                    let body = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
                    let reply = await app.send(.post, "/health/ingest", body: body)
                    #expect(reply.status < 300 || reply.status == 422, "\(name): \(reply.status)")
                }
            }
        }
        for (id, kcal) in [("lunch", 400), ("dinner", 650)] {
            let reply = await app.send(.post, "/health/write-intents", body: """
            {"externalId": "meal-\(id)", "metric": "dietary_energy_kcal", "source": "agent", "startTimeMs": 1775815200000,
             "timezone": "Europe/Berlin", "unit": "kcal", "valueNumber": \(kcal)}
            """)
            #expect(reply.status == 201 || reply.status == 200)
        }
        try await Self.postHealthSaveRun(app)
        try await HealthAutoExportFixtureTests.replay("metrics-quantities", into: app)
        let observations = await app.send(.post, "/api/v1/observations/batch", body: ObservationBatchTests.seedExample)
        #expect(observations.status == 201)
        _ = try await AppleHealthImportTests.importFixture(into: app)
    }

    /// The v1 heart-rate body of the HealthSave run.
    static let heartRateBatch = """
    {"metric": "heart_rate", "batch_index": 0, "total_batches": 1,
     "samples": [{"date": "2026-04-10T12:00:00Z", "qty": 72, "source": "Apple Watch"}, {"date": "2026-04-10T13:00:00Z", "qty": 9000, "source": "Apple Watch"}]}
    """
    static let heartRateHeaders = [("Idempotency-Key", "hs-1-heart-rate-0"), ("X-HealthSave-Sync-Run-ID", "run-1")]

    /// A HealthSave run of a v1 and a v2 batch through the real routes; the batch ledger
    /// keeps each answer as a blob.
    static func postHealthSaveRun(_ app: TestApp) async throws {
        let v1 = await app.send(.post, "/api/apple/batch", headers: heartRateHeaders, body: heartRateBatch)
        #expect(v1.status == 200, "\(v1.json)")
        let v2 = await app.send(.post, "/api/v2/apple/batch", headers: [("Idempotency-Key", "hs-1-step-count-0"), ("X-HealthSave-Sync-Run-ID", "run-1")], body: """
        {"metric": "step_count", "schema_version": 2, "batch_index": 0, "total_batches": 1,
         "samples": [{"uuid": "HK-EXPORT-1", "startDate": "2026-04-10T12:00:00Z", "endDate": "2026-04-10T12:10:00Z", "qty": 520, "unit": "count", "source": "iPhone"}]}
        """)
        #expect(v2.status == 200, "\(v2.json)")
    }

    /// Every exported table's rows, in primary-key order with every column as stored.
    static func tables(_ app: TestApp) async throws -> [String: [[SQLiteValue]]] {
        try await app.store.pool.read { db in
            var tables: [String: [[SQLiteValue]]] = [:]
            for table in JSONLinesExport.tables {
                // Samples as they read (their rows name metrics and origins by ids each database gives out).
                if table == "samples" {
                    tables[table] = try SampleRow.all(db: db).map { [.text("\($0.sample)"), .integer($0.receivedMs), .integer($0.updatedMs)] }
                    continue
                }
                let columns = try db.queryFirst("SELECT count(*) FROM pragma_table_info(?)", [.text(table)]) { Int($0.int64(0)) } ?? 0
                let order = (1...columns).map(String.init).joined(separator: ", ")
                tables[table] = try db.query("SELECT * FROM \(table) ORDER BY \(order)") { row in (0..<row.columnCount).map { row.value($0) } }
            }
            return tables
        }
    }

    /// Runs blocking work (an export or import waits for its database job) on a thread of
    /// its own, so it holds none of the cooperative pool's threads.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
            }.start()
        }
    }

    static func export(_ app: TestApp, to directory: String, nowMs: Int64 = 1_775_800_000_000) async throws -> JSONLinesExport.Report {
        try await onThread { try JSONLinesExport.write(pool: app.store.pool, to: directory, nowMs: nowMs) }
    }

    static func importExport(_ directory: String, into app: TestApp, nowMs: Int64 = 1_775_800_000_000) async throws -> JSONLinesImport.Report {
        try await onThread { try JSONLinesImport.run(directory: directory, store: app.store, nowMs: nowMs) }
    }

    static let reads = [
        "/health/daily?from=2025-01-01&to=2026-12-31",
        "/health/summary/range?from=2026-04-06&to=2026-04-12&timezone=Europe/Berlin",
        "/health/summary/daily?day=2026-04-10&timezone=Europe/Berlin",
        "/health/summary/daily?day=2026-03-08&timezone=America/New_York",
        "/health/workouts?from=2026-04-01&to=2026-04-30",
        "/health/activity-summaries?from=2026-04-01&to=2026-04-30",
        "/health/write-intents",
        "/health/raw?metric=step_count&limit=500",
        "/health/raw?metric=sleep_segment&limit=500",
        "/health/raw?metric=heart_rate_bpm&limit=500",
        "/health/sync/clients",
        "/api/v2/sync/runs/latest",
        "/api/v2/sync/coverage",
    ]

    @Test func roundTripGivesIdenticalDailyValuesAndSummaries() async throws {
        let original = Self.app()
        try await Self.fill(original)
        let directory = original.directory + "-export"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let exported = try await Self.export(original, to: directory)
        #expect((exported.rows["samples"] ?? 0) > 20)
        #expect((exported.rows["workouts"] ?? 0) > 0)
        #expect((exported.rows["activity_summaries"] ?? 0) > 0)
        #expect(exported.rows["write_intents"] == 2)
        #expect(exported.rows["healthsave_batches"] == 2)
        #expect(exported.binaryColumns["healthsave_batches"] == ["body"])
        #expect(JSONLinesExport.isExport(path: directory))
        let before = try await Self.tables(original)
        for table in JSONLinesExport.tables where table != "day_totals" {
            #expect(!(before[table] ?? []).isEmpty, "the filled database has \(table) rows")
        }

        // The answers are blobs; the manifest names their column and the encoding, and the
        // line carries them as {"$base64": …}.
        let bodies = try await original.store.pool.read { db in
            try db.query("SELECT typeof(body), body FROM healthsave_batches ORDER BY id") { ($0.text(0), $0.blob(1)) }
        }
        #expect(bodies.count == 2)
        #expect(bodies.allSatisfy { $0.0 == "blob" && !$0.1.isEmpty })
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/manifest.json"))) as? [String: Any])
        #expect(manifest["version"] as? Int == 2)
        #expect(manifest["binaryEncoding"] as? String == "base64")
        let entries = try #require(manifest["tables"] as? [String: [String: Any]])
        #expect(entries["healthsave_batches"]?["binaryColumns"] as? [String] == ["body"])
        #expect(entries["samples"]?["binaryColumns"] as? [String] == [])
        let lines = try String(contentsOfFile: directory + "/healthsave_batches.jsonl", encoding: .utf8).split(separator: "\n")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let encoded = try #require((line["body"] as? [String: String])?["$base64"])
        #expect(Data(base64Encoded: encoded) == Data(bodies[0].1))

        // Into an empty database: every table row for row, blobs byte for byte, and the same answers.
        let copy = Self.app()
        let imported = try await Self.importExport(directory, into: copy)
        #expect(imported.rows == exported.rows)
        let after = try await Self.tables(copy)
        for table in JSONLinesExport.tables {
            #expect(after[table] == before[table], "\(table) differs after the round trip")
        }
        for target in Self.reads {
            let before = await original.send(.get, target)
            let after = await copy.send(.get, target)
            #expect(before.status == 200, "\(target): \(before.status)")
            #expect(String(decoding: after.response.body, as: UTF8.self) == String(decoding: before.response.body, as: UTF8.self), "\(target) differs after the round trip")
        }
        let verified = try await Self.onThread { try StoreVerifier.verify(pool: copy.store.pool, rules: copy.store.rules, nowMs: 1_775_800_000_000) }
        #expect(verified.isConsistent)

        // A second import of the same export changes nothing.
        _ = try await Self.importExport(directory, into: copy)
        let again = await copy.send(.get, Self.reads[0])
        let first = await original.send(.get, Self.reads[0])
        #expect(again.response.body == first.response.body)
        #expect(try await Self.tables(copy) == before)

        // The ledger answers a re-sent batch from the imported blob, byte for byte.
        let replay = await copy.send(.post, "/api/apple/batch", headers: Self.heartRateHeaders, body: Self.heartRateBatch)
        #expect(replay.status == 200)
        #expect(replay.response.body == bodies[0].1)
    }

    /// The entries beside `directory` (itself included) whose names begin with its name, sorted.
    static func siblings(of directory: String) throws -> [String] {
        let url = URL(fileURLWithPath: directory)
        let name = url.lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).filter { $0.hasPrefix(name) }.sorted()
    }

    /// Every file of an export directory with its bytes.
    static func files(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        return files
    }

    @Test func aFailedExportLeavesNothingBehindAndAnEarlierExportWhole() async throws {
        let original = Self.app()
        try await Self.postHealthSaveRun(original)
        let directory = original.directory + "-earlier", failing = original.directory + "-failing"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let name = URL(fileURLWithPath: directory).lastPathComponent

        // A second export replaces the first, leaving no sibling behind.
        _ = try await Self.export(original, to: directory, nowMs: 1)
        let first = try Self.files(directory)
        _ = try await Self.export(original, to: directory, nowMs: 2)
        let earlier = try Self.files(directory)
        #expect(earlier.keys.sorted() == first.keys.sorted())
        #expect(earlier["manifest.json"] != first["manifest.json"], "exportedAtMs changed")
        #expect(try Self.siblings(of: directory) == [name])

        // The last table missing makes the export fail after every other file is written:
        // nothing is left at a new target, and the earlier export stays as it was.
        try await original.store.pool.write { db in try db.execute("DROP TABLE sync_clients") }
        await #expect(throws: (any Error).self) {
            _ = try await Self.export(original, to: failing, nowMs: 3)
        }
        #expect(try Self.siblings(of: failing) == [], "no directory and no partial one is left")
        await #expect(throws: (any Error).self) {
            _ = try await Self.export(original, to: directory, nowMs: 3)
        }
        #expect(try Self.files(directory) == earlier)
        #expect(try Self.siblings(of: directory) == [name])
    }

    @Test func anExportRefusesADirectoryHoldingOtherFilesAndTouchesNothing() async throws {
        let original = Self.app()
        let directory = original.directory + "-occupied"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
        await #expect {
            _ = try await Self.export(original, to: directory, nowMs: 1)
        } throws: { error in
            "\(error)".contains("notes.txt")
        }
        #expect(try Self.files(directory) == ["notes.txt": Data("keep me".utf8)])
        #expect(try Self.siblings(of: directory) == [URL(fileURLWithPath: directory).lastPathComponent])

        // An empty directory is filled.
        try FileManager.default.removeItem(atPath: directory + "/notes.txt")
        _ = try await Self.export(original, to: directory + "/", nowMs: 1)
        #expect(JSONLinesExport.isExport(path: directory))
    }

    @Test func aDamagedLineIsNamedAndADirectoryWithoutManifestIsNoExport() async throws {
        let original = Self.app()
        try await Self.fill(original)
        let directory = original.directory + "-damaged"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try await Self.export(original, to: directory, nowMs: 1)
        let copy = Self.app()

        // A binary value that is not base64.
        let batches = directory + "/healthsave_batches.jsonl"
        let lines = try String(contentsOfFile: batches, encoding: .utf8)
        try lines.replacingOccurrences(of: "{\"$base64\":\"", with: "{\"$base64\":\"!").write(toFile: batches, atomically: true, encoding: .utf8)
        await #expect {
            _ = try await Self.importExport(directory, into: copy, nowMs: 1)
        } throws: { error in
            "\(error)".contains("healthsave_batches.jsonl line 1") && "\(error)".contains("healthsave_batches.body")
        }
        try lines.write(toFile: batches, atomically: true, encoding: .utf8)

        let samples = directory + "/samples.jsonl"
        var text = try String(contentsOfFile: samples, encoding: .utf8)
        text += "{\"sample_key\": [1]}\n"
        try text.write(toFile: samples, atomically: true, encoding: .utf8)
        await #expect {
            _ = try await Self.importExport(directory, into: copy, nowMs: 1)
        } throws: { error in
            "\(error)".contains("samples.jsonl line") && "\(error)".contains("sample_key")
        }
        try FileManager.default.removeItem(atPath: directory + "/" + JSONLinesExport.manifestName)
        #expect(!JSONLinesExport.isExport(path: directory))
    }
}
