import Foundation
import Testing
@testable import HealthAPI
@testable import HealthStore

/// `healthd export` → `healthd import` into an empty database: the same daily values,
/// summaries, workouts, rings and write intents, and an export that is not one is refused.
@Suite struct ExportRoundTripTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every ingest and workout fixture's requests, then a write intent applied and one pending.
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
    ]

    @Test func roundTripGivesIdenticalDailyValuesAndSummaries() async throws {
        let original = TestApp()
        try await Self.fill(original)
        let directory = original.directory + "-export"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let exported = try JSONLinesExport.write(pool: original.store.pool, to: directory, nowMs: 1_775_800_000_000)
        #expect((exported.rows["samples"] ?? 0) > 20)
        #expect((exported.rows["workouts"] ?? 0) > 0)
        #expect((exported.rows["activity_summaries"] ?? 0) > 0)
        #expect(exported.rows["write_intents"] == 2)
        #expect(JSONLinesExport.isExport(path: directory))

        let copy = TestApp()
        let imported = try JSONLinesImport.run(directory: directory, store: copy.store, nowMs: 1_775_800_000_000)
        #expect(imported.rows == exported.rows)
        for target in Self.reads {
            let before = await original.send(.get, target)
            let after = await copy.send(.get, target)
            #expect(before.status == 200, "\(target): \(before.status)")
            #expect(String(decoding: after.response.body, as: UTF8.self) == String(decoding: before.response.body, as: UTF8.self), "\(target) differs after the round trip")
        }
        let verified = try StoreVerifier.verify(pool: copy.store.pool, rules: copy.store.rules, nowMs: 1_775_800_000_000)
        #expect(verified.isConsistent)

        // A second import of the same export changes nothing.
        _ = try JSONLinesImport.run(directory: directory, store: copy.store, nowMs: 1_775_800_000_000)
        let again = await copy.send(.get, Self.reads[0])
        let first = await original.send(.get, Self.reads[0])
        #expect(again.response.body == first.response.body)
    }

    @Test func aDamagedLineIsNamedAndADirectoryWithoutManifestIsNoExport() async throws {
        let original = TestApp()
        try await Self.fill(original)
        let directory = original.directory + "-damaged"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try JSONLinesExport.write(pool: original.store.pool, to: directory, nowMs: 1)
        let samples = directory + "/samples.jsonl"
        var text = try String(contentsOfFile: samples, encoding: .utf8)
        text += "{\"sample_key\": [1]}\n"
        try text.write(toFile: samples, atomically: true, encoding: .utf8)
        let copy = TestApp()
        #expect {
            _ = try JSONLinesImport.run(directory: directory, store: copy.store, nowMs: 1)
        } throws: { error in
            "\(error)".contains("samples.jsonl line") && "\(error)".contains("sample_key")
        }
        try FileManager.default.removeItem(atPath: directory + "/" + JSONLinesExport.manifestName)
        #expect(!JSONLinesExport.isExport(path: directory))
    }
}
