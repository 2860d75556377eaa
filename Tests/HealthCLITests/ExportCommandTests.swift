import Foundation
import HTTPTransport
@testable import HealthStore
import HealthTesting
import SQLiteStore
import Testing
@testable import HealthAPI
@testable import HealthCLI

/// `healthd export` and `healthd import DIR` as a person runs them, on a database fed by
/// every client: HealthSave v1 and v2 batches, a Health Auto Export sync, an observation
/// batch, a write intent and an Apple Health export.
@Suite struct ExportCommandTests {
    static let clock = AppClock.fixed(1_775_800_000_000)
    static let token = "export-command-token-0123456789abcdef"
    static let user = "550e8400-e29b-41d4-a716-446655440000"
    static let exportXML = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/export/apple_health_export/export.xml").path

    /// The server's handler over the database at `path`, called in-process.
    final class Server: Sendable {
        let app: HealthApp

        init(path: String) throws {
            var config = ServerConfig()
            config.requestLog = false
            config.databasePath = path
            config.userID = ExportCommandTests.user
            let opened = try StoreOpener.open(path: path, priority: config.priority, nowMs: ExportCommandTests.clock.now())
            app = try HealthApp(config: config, token: ExportCommandTests.token, store: opened.store, clock: ExportCommandTests.clock)
        }

        func close() { app.household.close() }

        func send(_ method: HTTPMethod, _ target: String, headers: [(String, String)] = [], body: String? = nil) async -> HTTPResponse {
            var fields = headers + [("Host", "localhost"), ("Authorization", "Bearer \(ExportCommandTests.token)")]
            if body != nil { fields.append(("Content-Type", "application/json")) }
            return await app.handler.handle(HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields),
                                                        body: Array((body ?? "").utf8), remoteAddress: "127.0.0.1"))
        }

        /// Every exported table's rows, in primary-key order with every column as stored.
        func tables() async throws -> [String: [[SQLiteValue]]] {
            try await app.services.store.pool.read { db in
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
    }

    /// `healthd export` on a thread of its own: the command blocks while its database job
    /// runs, which must not hold one of the cooperative pool's threads.
    static func export(_ arguments: [String]) async throws -> Int32 {
        try await blocking { ExportCommand.run(arguments, environment: [:]) }
    }

    /// Feeds the database at `path` through the real routes, then imports the Apple Health
    /// export with `healthd import`.
    static func fill(_ path: String) async throws {
        let server = try Server(path: path)
        let v1 = await server.send(.post, "/api/apple/batch", headers: [("Idempotency-Key", "hs-run-1-heart-rate-0"), ("X-HealthSave-Sync-Run-ID", "run-1")], body: """
        {"metric": "heart_rate", "batch_index": 0, "total_batches": 1,
         "samples": [{"date": "2026-04-10T12:00:00Z", "qty": 72, "source": "Apple Watch"}, {"date": "2026-04-10T12:05:00Z", "qty": 75, "source": "Apple Watch"}]}
        """)
        #expect(v1.status.code == 200)
        let v2 = await server.send(.post, "/api/v2/apple/batch", headers: [("Idempotency-Key", "hs-run-1-step-count-0"), ("X-HealthSave-Sync-Run-ID", "run-1")], body: """
        {"metric": "step_count", "schema_version": 2, "batch_index": 0, "total_batches": 1,
         "samples": [{"uuid": "HK-CLI-1", "startDate": "2026-04-10T12:00:00Z", "endDate": "2026-04-10T12:10:00Z", "qty": 520, "unit": "count", "source": "iPhone"}]}
        """)
        #expect(v2.status.code == 200)
        let hae = await server.send(.post, "/health/hae", body: """
        {"data": {"metrics": [
          {"name": "step_count", "units": "count", "data": [{"date": "2026-04-11 09:00:00 +0200", "qty": 1200, "source": "Jane’s Apple Watch"}]},
          {"name": "weight_body_mass", "units": "kg", "data": [{"date": "2026-04-11 07:00:00 +0200", "qty": 80.2, "source": "Withings"}]}
        ]}}
        """)
        #expect(hae.status.code == 200)
        let observations = await server.send(.post, "/api/v1/observations/batch", body: """
        {"observations": [{"xuser_id": "\(user)", "biosignal_slug": "Heart Rate", "effective_datetime": "2026-04-12T14:30:00Z",
                           "value_quantity": 64, "value_unit": "bpm", "source_slug": "apple_health"}]}
        """)
        #expect(observations.status.code == 201)
        let intent = await server.send(.post, "/health/write-intents", body: """
        {"externalId": "meal-lunch", "metric": "dietary_energy_kcal", "source": "agent", "startTimeMs": 1775815200000,
         "timezone": "Europe/Berlin", "unit": "kcal", "valueNumber": 400}
        """)
        #expect(intent.status.code == 200 || intent.status.code == 201)
        server.close()
        #expect(await CommandLineTool.run(["import", exportXML, "--db", path], environment: [:]) == 0)
    }

    @Test func anExportOfEveryClientsDataImportsBackIdentically() async throws {
        let directory = NSTemporaryDirectory() + "healthd-export-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = directory + "/health.sqlite", copy = directory + "/copy.sqlite", export = directory + "/export"
        try await Self.fill(source)

        #expect(try await Self.export(["--db", source, "--to", export]) == 0)
        #expect(JSONLinesExport.isExport(path: export))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted().filter { !$0.hasPrefix("health.") } == ["export"])
        #expect(await CommandLineTool.run(["import", export, "--db", copy], environment: [:]) == 0)

        let original = try Server(path: source), restored = try Server(path: copy)
        defer { original.close(); restored.close() }
        let before = try await original.tables(), after = try await restored.tables()
        for table in JSONLinesExport.tables {
            if table != "day_totals" { #expect(!(before[table] ?? []).isEmpty, "the source has \(table) rows") }
            #expect(after[table] == before[table], "\(table) differs after export and import")
        }
        let bodies = (before["healthsave_batches"] ?? []).compactMap { row in row.first { if case .blob = $0 { true } else { false } } }
        #expect(bodies.count == 2, "both HealthSave answers are stored as blobs")
        for target in ["/health/daily?from=2026-03-01&to=2026-04-30", "/health/daily?from=2026-04-10&to=2026-04-12",
                       "/health/sync/clients", "/api/v2/sync/runs/latest", "/api/v2/sync/coverage"] {
            let expected = await original.send(.get, target), actual = await restored.send(.get, target)
            #expect(expected.status.code == 200, "\(target)")
            #expect(String(decoding: actual.body, as: UTF8.self) == String(decoding: expected.body, as: UTF8.self), "\(target) differs")
        }
        let days = try #require(try JSONSerialization.jsonObject(with: Data(await restored.send(.get, "/health/daily?from=2026-03-01&to=2026-04-30").body)) as? [String: Any])
        #expect((days["days"] as? [Any])?.count ?? 0 >= 5, "days from every client")
    }

    @Test func aFailingExportExitsOneAndLeavesNoDirectory() async throws {
        let directory = NSTemporaryDirectory() + "healthd-export-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = directory + "/health.sqlite"
        let server = try Server(path: source)
        let batch = await server.send(.post, "/api/apple/batch", headers: [("Idempotency-Key", "hs-run-1-heart-rate-0")], body: """
        {"metric": "heart_rate", "samples": [{"date": "2026-04-10T12:00:00Z", "qty": 72, "source": "Apple Watch"}]}
        """)
        #expect(batch.status.code == 200)
        server.close()
        #expect(try await Self.export(["--db", source, "--to", directory + "/export"]) == 0)
        let earlier = try FileManager.default.contentsOfDirectory(atPath: directory + "/export").sorted()
        let manifest = try Data(contentsOf: URL(fileURLWithPath: directory + "/export/manifest.json"))

        // A table the export reads last is gone: the export fails after writing the others.
        let damaged = try Server(path: source)
        try await damaged.app.services.store.pool.write { db in try db.execute("DROP TABLE sync_clients") }
        damaged.close()
        #expect(try await Self.export(["--db", source, "--to", directory + "/again"]) == 1)
        #expect(try await Self.export(["--db", source, "--to", directory + "/export"]) == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted().filter { !$0.hasPrefix("health.") }
        #expect(left == ["export"], "no new directory and no partial one")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/export").sorted() == earlier)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/export/manifest.json")) == manifest, "the earlier export is untouched")
        #expect(JSONLinesExport.isExport(path: directory + "/export"))
    }
}
