import Foundation
import HTTPTransport
import HealthDemo
import HealthDomain
import HealthTesting
import SQLiteStore
import Testing
@testable import HealthAPI
@testable import HealthStore

/// The database of an earlier release (`Fixtures/migration`, see its README) answers every
/// recorded request exactly as that release answered it: day values, every raw page,
/// summaries, workouts, intents, the sync views.
@Suite struct MigrationFixtureTests {
    @Test func everyRecordedAnswerIsGivenAgain() async throws {
        let directory = NSTemporaryDirectory() + "healthd-migration-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try MigrationFixtureFiles.unpackDatabase(into: directory)
        let app = MigrationFixture.App(path: path)
        defer { app.close() }
        try await Self.replayEveryAnswer(app)
        let layout = try await app.store.pool.read { db in
            (try Migrator.appliedVersions(db).last, try db.queryFirst("SELECT count(*) FROM sqlite_schema WHERE name = 'samples_v11'") { $0.int64(0) })
        }
        #expect(layout.0 == SampleLayoutConversion.version)
        #expect(layout.1 == 0)
    }

    /// A conversion cut off after some committed steps (as a killed process leaves it)
    /// carries on when the database is opened again, to the same answers.
    @Test(arguments: [1, 2, 9])
    func aConversionCutOffCarriesOnToTheSameAnswers(steps: Int) async throws {
        let directory = NSTemporaryDirectory() + "healthd-migration-cut-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try MigrationFixtureFiles.unpackDatabase(into: directory)
        let pool = try DatabasePool(path: path)
        for _ in 0..<steps { _ = try await pool.write { db in try SampleLayoutConversion.step(db, rows: 1_000) } }
        let left = try await pool.read { db in
            (try db.queryFirst("SELECT count(*) FROM samples_v11") { $0.int64(0) }, try Migrator.appliedVersions(db).last)
        }
        pool.close()
        #expect(left.0 == Int64(16_020 - (steps - 1) * 1_000))
        #expect(left.1 == 11)
        let app = MigrationFixture.App(path: path)
        defer { app.close() }
        try await Self.replayEveryAnswer(app)
    }

    /// Asks every recorded request of `app` and expects the recorded answer.
    static func replayEveryAnswer(_ app: MigrationFixture.App) async throws {
        let recorded = try MigrationFixture.recordedAnswers()
        #expect(recorded.count > 150)
        var mismatches = 0
        for answer in recorded {
            let reply = MigrationFixture.Answer(method: answer.method, target: answer.target, body: answer.body,
                                                response: await app.send(answer.method, answer.target, body: answer.body))
            if reply != answer {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("\(answer.method.rawValue) \(answer.target): status \(reply.status), \(reply.length) bytes (recorded \(answer.status), \(answer.length) bytes)\n got: \(reply.head)\nwant: \(answer.head)")
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// Writes the fixture database and its answers (run once, by the release that makes
    /// them: `HEALTHD_RECORD_MIGRATION_FIXTURE=1 swift test --filter MigrationFixtureTests`).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["HEALTHD_RECORD_MIGRATION_FIXTURE"] != nil))
    func recordFixture() async throws {
        let directory = NSTemporaryDirectory() + "healthd-migration-record-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + MigrationFixtureFiles.databaseName
        let app = MigrationFixture.App(path: path)
        try await MigrationFixture.fill(app)
        var answers: [MigrationFixture.Answer] = []
        for (method, target, body) in try await MigrationFixture.requests(app) {
            answers.append(.init(method: method, target: target, body: body, response: await app.send(method, target, body: body)))
        }
        let metrics = try await app.store.pool.read { db in
            try db.query("SELECT metric, count(*) FROM samples GROUP BY metric ORDER BY metric", []) { ($0.text(0), $0.int64(1)) }
        }
        // Every raw page of every metric; small pages where few samples make them cheap,
        // and the instant every shape of key shares, three at a time.
        var walks = metrics.map { ("/health/raw?metric=\($0.0)&limit=1000", 0) }
        walks += metrics.filter { $0.1 <= 400 }.map { ("/health/raw?metric=\($0.0)&limit=7", 0) }
        walks.append(("/health/raw?metric=dietary_energy_kcal&fromMs=\(MigrationFixture.tieMs)&toMs=\(MigrationFixture.tieMs + 1)&limit=3", 0))
        for (base, _) in walks {
            var cursor: String?
            repeat {
                let target = base + (cursor.map { "&cursor=\($0)" } ?? "")
                let response = await app.send(.get, target, body: nil)
                answers.append(.init(method: .get, target: target, body: nil, response: response))
                let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
                cursor = json?["nextCursor"] as? String
            } while cursor != nil
        }
        app.close()
        try MigrationFixture.write(answers)
        try MigrationFixtureFiles.packDatabase(path)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(answers.count > 150)
        #expect(answers.allSatisfy { $0.status < 300 }, "\(answers.filter { $0.status >= 300 }.map(\.target))")
    }
}

/// The recorded database of an earlier release and what it answered.
enum MigrationFixture {
    static let answersName = "answers.jsonl"
    /// The clock every request of the recording and of the replay runs at: 2026-04-10T05:46:40Z.
    static let nowMs: Int64 = 1_775_800_000_000

    /// One request and what it was answered: the status, and the body by its length,
    /// digest and first characters (enough to see what differs).
    struct Answer: Equatable {
        var method: HTTPMethod
        var target: String
        var body: String?
        var status: Int
        var length: Int
        var digest: String
        var head: String

        init(method: HTTPMethod, target: String, body: String?, status: Int, length: Int, digest: String, head: String) {
            (self.method, self.target, self.body, self.status, self.length, self.digest, self.head) = (method, target, body, status, length, digest, head)
        }

        init(method: HTTPMethod, target: String, body: String?, response: HTTPResponse) {
            let text = String(decoding: response.body, as: UTF8.self)
            self.init(method: method, target: target, body: body, status: response.status.code, length: response.body.count,
                      digest: SampleKey.digest([text]), head: String(text.prefix(160)))
        }
    }

    /// An app over the database at `path` (created when missing), at the fixed clock.
    final class App: Sendable {
        let app: HealthApp

        init(path: String) {
            var config = ServerConfig()
            config.requestLog = false
            config.databasePath = path
            config.defaultTimezone = "Europe/Berlin"
            let opened = try! StoreOpener.open(path: path, priority: config.priority, nowMs: MigrationFixture.nowMs)
            app = try! HealthApp(config: config, token: TestApp.token, store: opened.store, clock: .fixed(MigrationFixture.nowMs))
        }

        var store: SampleStore { app.services.store }

        func close() { app.household.close() }

        func send(_ method: HTTPMethod, _ target: String, body: String?, headers: [(String, String)] = []) async -> HTTPResponse {
            var fields = headers + [("Host", "localhost"), ("Authorization", "Bearer \(TestApp.token)")]
            if body != nil { fields.append(("Content-Type", "application/json")) }
            let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields), body: Array((body ?? "").utf8),
                                      remoteAddress: "127.0.0.1")
            var response = await app.handler.handle(request)
            if response.stream != nil {
                response.body = (try? await response.collectedBody()) ?? []
                response.stream = nil
            }
            return response
        }

        @discardableResult
        func post(_ target: String, _ json: Any, headers: [(String, String)] = []) async throws -> HTTPResponse {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self)
            let response = await send(.post, target, body: body, headers: headers)
            guard response.status.code < 300 else {
                throw FixtureError("\(target) answered \(response.status.code): \(String(decoding: response.body, as: UTF8.self))")
            }
            return response
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func recordedAnswers() throws -> [Answer] {
        let text = try String(contentsOfFile: MigrationFixtureFiles.directory + "/" + answersName, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return Answer(method: HTTPMethod(rawValue: object["method"] as! String), target: object["target"] as! String,
                          body: object["body"] as? String, status: object["status"] as! Int, length: object["length"] as! Int,
                          digest: object["digest"] as! String, head: object["head"] as! String)
        }
    }

    static func write(_ answers: [Answer]) throws {
        var text = ""
        for answer in answers {
            var object: [String: Any] = ["method": answer.method.rawValue, "target": answer.target, "status": answer.status,
                                         "length": answer.length, "digest": answer.digest, "head": answer.head]
            if let body = answer.body { object["body"] = body }
            text += String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self) + "\n"
        }
        try text.write(toFile: MigrationFixtureFiles.directory + "/" + answersName, atomically: true, encoding: .utf8)
    }

    static let fixturesRoot = URL(fileURLWithPath: MigrationFixtureFiles.directory).deletingLastPathComponent().path

    /// 2026-04-08T10:00:00Z: the instant the entries of every key shape share.
    static let tieMs: Int64 = 1_775_642_400_000

    /// What the recorded database holds: two weeks of the demo history, every ingest,
    /// Health Auto Export and workout fixture of the repository, HealthSave v1 and v2
    /// batches with deletions and day totals, native samples under every shape of key
    /// (sharing one instant, so a raw page orders them by key), a moved sample, deleted
    /// keys, and write intents pending, cancelled and reconciled.
    static func fill(_ app: App) async throws {
        let history = DemoHistory(days: 14, endDay: DayKey(ordinal: Int(nowMs / 86_400_000) - 1), seed: 1)
        var batch: [Sample] = []
        for index in 0..<history.dayCount { batch += history.samples(forDayIndex: index) }
        try app.store.fill(batch, nowMs: nowMs - 86_400_000)

        for folder in ["ingest", "workouts"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: fixturesRoot + "/" + folder).sorted()
            where name.hasSuffix(".json") && !name.hasSuffix(".expected.json") {
                let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixturesRoot + "/\(folder)/" + name))) as! [String: Any]
                for request in fixture["requests"] as? [[String: Any]] ?? [] { try await app.post("/health/ingest", request) }
            }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: fixturesRoot + "/hae").sorted()
        where name.hasSuffix(".json") && !name.hasSuffix(".expected.json") && name != "bad-input.json" {
            let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixturesRoot + "/hae/" + name))) as! [String: Any]
            let requests = fixture["requests"] as? [[String: Any]] ?? [fixture]
            for request in requests { try await app.post("/health/hae", request) }
        }

        // HealthSave v1 (no ids: derived keys, two entries of one instant) and v2 (uuids).
        try await app.post("/api/apple/batch", ["metric": "heart_rate", "batch_index": 0, "total_batches": 1, "samples": [
            ["date": "2026-04-07T12:00:00Z", "qty": 72, "source": "Apple Watch"],
            ["date": "2026-04-07T12:05:00Z", "qty": 75.5, "source": "Apple Watch"],
        ]])
        try await app.post("/api/apple/batch", ["metric": "dietary_energy", "samples": [
            ["date": "2026-04-07T12:30:00Z", "qty": 250, "source": "Cronometer"],
            ["date": "2026-04-07T12:30:00Z", "qty": 120.25, "source": "Cronometer"],
            ["date": "2026-04-07T12:30:00Z", "qty": 80, "source": "Cronometer"],
        ]])
        try await app.post("/api/v2/apple/batch", [
            "schema_version": 2, "metric": "step_count", "batch_index": 0, "total_batches": 1, "samples": [
                ["uuid": "7A1D5C2E-0B3F-4E8A-9C6D-1F2E3D4C5B6A", "startDate": "2026-04-07T08:00:00Z", "endDate": "2026-04-07T08:30:00Z",
                 "qty": 2100, "unit": "count", "source": "Apple Watch"],
                ["uuid": "7A1D5C2E-0B3F-4E8A-9C6D-1F2E3D4C5B6B", "startDate": "2026-04-07T08:10:00Z", "endDate": "2026-04-07T08:40:00Z",
                 "qty": 1700, "unit": "count", "source": "iPhone"],
                ["uuid": "DT-7", "startDate": "2026-04-06T22:00:00Z", "endDate": "2026-04-07T21:59:59Z", "qty": 9100, "unit": "count",
                 "source": "HealthKit Statistics"],
            ],
        ], headers: [("Idempotency-Key", "fixture-steps-1")])
        try await app.post("/api/v2/apple/batch", [
            "schema_version": 2, "metric": "heart_rate", "batch_index": 0, "total_batches": 1, "samples": [
                ["uuid": "5E6F7A8B-9C0D-4E1F-8A2B-3C4D5E6F7A8B", "startDate": "2026-04-07T12:00:00Z", "endDate": "2026-04-07T12:00:00Z",
                 "qty": 72, "unit": "count/min", "source": "Apple Watch"],
                ["uuid": "5E6F7A8B-9C0D-4E1F-8A2B-3C4D5E6F7A8C", "startDate": "2026-04-07T13:00:00Z", "endDate": "2026-04-07T13:00:00Z",
                 "qty": 64.123456789, "unit": "count/min", "source": "Apple Watch"],
            ],
            "deletions": [["uuid": "7A1D5C2E-0B3F-4E8A-9C6D-1F2E3D4C5B6B"], ["uuid": "NOT-STORED"]],
        ])

        // Native samples under every shape of key, at one instant.
        let keys = [
            "ZZ-last", "aa-first", "0AF3C1E2-5B7D-4C8A-9E1F-2A3B4C5D6E7F", "0af3c1e2-5b7d-4c8a-9e1f-2a3b4c5d6e70",
            "d1-0123456789abcdef0123456789abcdef", "d1-0123456789abcdef0123456789abcdef-2", "s1-fedcba9876543210fedcba9876543210",
            "Ключ-7", "k", "meal 2026-04-08 #3", "0AF3C1E2-5b7d-4C8A-9E1F-2A3B4C5D6E7F", "12345678-1234-1234-1234-123456789012",
            String(repeating: "long-key-", count: 20), "a.b_c-d", "-", "0", "Z",
        ]
        let entries: [[String: Any]] = keys.enumerated().map { index, key in
            ["sampleKey": key, "metric": "dietary_energy_kcal", "startTimeMs": tieMs, "endTimeMs": tieMs,
             "valueNumber": [12.5, 0.1, 100, 33.333, 7, 1e-7, 250.75, 42, 0, 19.99, 5, 6.02e3, 1.5, 2, 3, 4, 5][index],
             "unit": "kcal", "sourceName": index % 3 == 0 ? "MyFitnessPal" : "Health", "timezone": "Europe/Berlin"]
        }
        try await app.post("/health/ingest", ["samples": entries])
        try await app.post("/health/ingest", ["samples": [
            ["sampleKey": "move-me", "metric": "step_count", "startTimeMs": tieMs - 7_200_000, "endTimeMs": tieMs - 6_600_000, "valueNumber": 800,
             "unit": "count", "sourceName": "iPhone", "timezone": "Europe/Berlin"],
            ["sampleKey": "9F8E7D6C-5B4A-4392-8170-6F5E4D3C2B1A", "metric": "step_count", "startTimeMs": tieMs - 3_600_000, "endTimeMs": tieMs - 3_000_000,
             "valueNumber": 640, "unit": "count", "sourceName": "iPhone", "timezone": "Europe/Berlin"],
            ["sampleKey": "weird-values", "metric": "custom_gadget_reading", "startTimeMs": tieMs, "endTimeMs": tieMs + 1, "valueNumber": -0.0,
             "unit": "zz", "sourceName": "Gadget", "timezone": "Asia/Tokyo", "device": "Gadget Pro 2", "syncIdentifier": "gadget-sync-1",
             "metadata": ["note": "a"]],
            ["sampleKey": "weird-values-2", "metric": "custom_gadget_reading", "startTimeMs": tieMs, "endTimeMs": tieMs + 1,
             "valueNumber": 1.7976931348623157e308, "unit": "zz", "sourceName": "Gadget", "timezone": "Asia/Tokyo"],
            ["sampleKey": "weird-values-3", "metric": "custom_gadget_reading", "startTimeMs": tieMs + 1, "endTimeMs": tieMs + 1,
             "valueNumber": -123456.789, "unit": "zz", "timezone": "America/New_York"],
            ["sampleKey": "lb-weight", "metric": "body_mass_kg", "startTimeMs": tieMs + 60_000, "endTimeMs": tieMs + 60_000, "valueNumber": 160.4,
             "unit": "lb", "sourceName": "Withings", "sourceBundleId": "com.withings.wiScaleNG", "device": "Body+", "timezone": "Europe/Berlin"],
        ]])
        // The client corrects two samples: one moves to the next day, one by an hour.
        try await app.post("/health/ingest", ["samples": [
            ["sampleKey": "move-me", "metric": "step_count", "startTimeMs": tieMs + 86_400_000, "endTimeMs": tieMs + 86_400_000 + 600_000,
             "valueNumber": 810, "unit": "count", "sourceName": "iPhone", "timezone": "Europe/Berlin"],
            ["sampleKey": "9F8E7D6C-5B4A-4392-8170-6F5E4D3C2B1A", "metric": "step_count", "startTimeMs": tieMs - 7_200_000, "endTimeMs": tieMs - 6_600_000,
             "valueNumber": 650, "unit": "count", "sourceName": "iPhone", "timezone": "Europe/Berlin"],
        ], "deletedSampleKeys": ["0af3c1e2-5b7d-4c8a-9e1f-2a3b4c5d6e70", "k", "never-stored"]])

        // Write intents: one pending, one cancelled, one applied whose sample synced back.
        for (id, kcal, hour) in [("fixture-lunch", 640.0, 11), ("fixture-snack", 150.0, 15), ("fixture-dinner", 720.5, 18)] {
            try await app.post("/health/write-intents", ["externalId": id, "metric": "dietary_energy_kcal", "valueNumber": kcal, "unit": "kcal",
                                                         "startTimeMs": 1_775_606_400_000 + Int64(hour - 2) * 3_600_000, "timezone": "Europe/Berlin",
                                                         "note": "fixture", "source": "test-agent"])
        }
        try await app.post("/health/write-intents/fixture-snack/cancel", [String: Any]())
        try await app.post("/health/write-intents/ack", ["acks": [["externalId": "fixture-dinner", "version": 1, "result": "applied",
                                                                  "healthKitUUID": "C0FFEE00-1111-4222-8333-444455556666"]]])
        try await app.post("/health/ingest", ["samples": [
            ["sampleKey": "C0FFEE00-1111-4222-8333-444455556666", "metric": "dietary_energy_kcal", "startTimeMs": 1_775_606_400_000 + 16 * 3_600_000,
             "endTimeMs": 1_775_606_400_000 + 16 * 3_600_000, "valueNumber": 720.5, "unit": "kcal", "sourceName": "Health", "timezone": "Europe/Berlin"],
        ]])
    }

    /// Every request answered before the raw pages: days, summaries, queries and listings.
    static func requests(_ app: App) async throws -> [(HTTPMethod, String, String?)] {
        var out: [(HTTPMethod, String, String?)] = []
        func query(_ object: [String: Any]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        out.append((.get, "/health/daily?from=2026-03-20&to=2026-11-30", nil))
        out.append((.get, "/health/daily?from=2026-03-27&to=2026-04-09&metric=step_count", nil))
        out.append((.get, "/health/daily?from=2026-03-27&to=2026-04-09&metric=sleep_segment&timezone=Asia/Tokyo", nil))
        for ordinal in DayKey(year: 2026, month: 3, day: 26)!.ordinal...DayKey(year: 2026, month: 4, day: 10)!.ordinal {
            let day = DayKey(ordinal: ordinal)
            out.append((.get, "/health/summary/daily?day=\(day)&timezone=Europe/Berlin", nil))
        }
        out.append((.get, "/health/summary/range?from=2026-03-27&to=2026-04-09&timezone=Europe/Berlin", nil))
        out.append((.get, "/health/summary/range?from=2026-04-01&to=2026-04-09&timezone=America/New_York", nil))
        out.append((.get, "/health/summary/yesterday?timezone=Europe/Berlin", nil))
        out.append((.get, "/health/summary/yesterday?timezone=Asia/Tokyo", nil))
        for intent in [
            ["intent": "daily_summary", "day": "2026-04-08", "timezone": "Europe/Berlin"],
            ["intent": "range_summary", "from": "2026-03-30", "to": "2026-04-05", "timezone": "Europe/Berlin"],
            ["intent": "yesterday_summary", "timezone": "America/Los_Angeles"],
            ["intent": "metric_series", "metric": "step_count", "from": "2026-03-27", "to": "2026-04-09", "bucket": "day"],
            ["intent": "metric_series", "metric": "active_energy_kcal", "from": "2026-03-01", "to": "2026-04-30", "bucket": "week"],
            ["intent": "compare_ranges", "a": ["from": "2026-03-27", "to": "2026-04-02"], "b": ["from": "2026-04-03", "to": "2026-04-09"],
             "metrics": ["step_count", "sleep_segment", "dietary_energy_kcal"]],
            ["intent": "sleep_report", "from": "2026-03-27", "to": "2026-04-09", "timezone": "Europe/Berlin"],
            ["intent": "workouts", "from": "2026-04-01", "to": "2026-04-12"],
            ["intent": "readiness", "date": "2026-04-09", "timezone": "Europe/Berlin"],
            ["intent": "anomalies", "from": "2026-03-27", "to": "2026-04-09"],
            ["intent": "records", "metric": "step_count"],
            ["intent": "correlation", "metricA": "step_count", "metricB": "sleep_segment", "from": "2026-03-27", "to": "2026-04-09"],
        ] as [[String: Any]] {
            out.append((.post, "/health/query", try query(intent)))
        }
        out += [
            (.get, "/health/types", nil),
            (.get, "/health/sync/clients", nil),
            (.get, "/api/v2/sync/coverage", nil),
            (.get, "/api/v2/sync/runs/latest", nil),
            (.get, "/health/workouts", nil),
            (.get, "/health/activity-summaries?from=2026-03-01&to=2026-04-30", nil),
            (.get, "/health/write-intents", nil),
            (.get, "/health/write-intents?status=pending", nil),
            (.get, "/health/write-intents/pending", nil),
            (.get, "/health/write-intents/fixture-dinner", nil),
            (.get, "/health/changes?limit=1000", nil),
            (.get, "/health-data?types=step_count,heart_rate&start=2026-04-06&end=2026-04-09&format=csv", nil),
            (.get, "/health-data?types=dietary_energy&start=2026-04-07&end=2026-04-09&format=csv", nil),
        ]
        let workouts = await app.send(.get, "/health/workouts?limit=100", body: nil)
        let listed = (try JSONSerialization.jsonObject(with: Data(workouts.body)) as? [String: Any])?["workouts"] as? [[String: Any]] ?? []
        for workout in listed {
            guard let id = workout["id"] as? String else { continue }
            out.append((.get, "/health/workouts/\(id)", nil))
            out.append((.get, "/health/workouts/\(id)/route.geojson", nil))
        }
        return out
    }
}
