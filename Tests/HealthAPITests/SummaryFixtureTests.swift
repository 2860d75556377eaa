import Foundation
import Testing
@testable import HealthAPI

/// Replays `Fixtures/summaries/NAME.json` with the fixed clock of `NAME.expected.json`,
/// then checks every query's numbers against the hand-computed expectation and its
/// `text` against the committed `*.golden.txt`.
///
/// When a text changes on purpose: `HEALTHD_UPDATE_GOLDEN=1 swift test --filter SummaryFixtureTests`
/// rewrites the golden files — then read the diff before committing it.
@Suite struct SummaryFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/summaries")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".expected.json") }.map { String($0.dropLast(".expected.json".count)) }.sorted()
    }

    static func load(_ file: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(file))) as! [String: Any]
    }

    /// An app holding the fixture's samples, with the fixture's clock.
    static func app(_ name: String, clockMs: Int64) async throws -> TestApp {
        let app = TestApp(clock: .fixed(clockMs))
        for request in try load("\(name).json")["requests"] as! [[String: Any]] {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
            let reply = await app.send(.post, "/health/ingest", body: body)
            #expect(reply.status == 200, "\(name): \(String(decoding: reply.response.body, as: UTF8.self))")
        }
        return app
    }

    @Test func thereAreGoldenTextsForDailyRangeAndYesterday() {
        #expect(SummaryFixtureTests.names.count >= 1)
        for kind in ["daily", "range", "yesterday"] {
            let any = SummaryFixtureTests.names.contains { FileManager.default.fileExists(atPath: SummaryFixtureTests.directory.appendingPathComponent("\($0).\(kind).golden.txt").path) }
            #expect(any, "no \(kind) golden text")
        }
    }

    @Test(arguments: SummaryFixtureTests.names)
    func summariesMatchHandComputedNumbersAndGoldenTexts(name: String) async throws {
        let expected = try SummaryFixtureTests.load("\(name).expected.json")
        let app = try await SummaryFixtureTests.app(name, clockMs: (expected["clockMs"] as! NSNumber).int64Value)
        for query in expected["queries"] as! [[String: Any]] {
            let label = "\(name)/\(query["name"] as! String)"
            let body = try query["body"].map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
            let reply = await app.send(query["method"] as? String == "POST" ? .post : .get, query["target"] as! String, body: body)
            let raw = String(decoding: reply.response.body, as: UTF8.self)
            #expect(reply.status == 200, "\(label): \(raw)")
            for (key, want) in query["expect"] as? [String: Any] ?? [:] {
                let got = reply.json[key]
                #expect(got.map { JSONMatch.matches($0, want) } ?? (want is NSNull), "\(label) \(key): got \(got.map { "\($0)" } ?? "nil"), want \(want)")
            }
            if let golden = query["golden"] as? String {
                let actual = reply.json["text"] as? String ?? ""
                let url = SummaryFixtureTests.directory.appendingPathComponent(golden)
                let committed = (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .newlines)
                if ProcessInfo.processInfo.environment["HEALTHD_UPDATE_GOLDEN"] == "1" {
                    try (actual + "\n").write(to: url, atomically: true, encoding: .utf8)
                } else {
                    #expect(committed == actual, """
                        \(label): the text differs from \(golden).
                        actual:   \(actual)
                        golden:   \(committed ?? "(missing)")
                        If the change is intended: HEALTHD_UPDATE_GOLDEN=1 swift test --filter SummaryFixtureTests, then review the diff.
                        """)
                }
            }
        }
    }
}
