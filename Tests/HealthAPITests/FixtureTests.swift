import Foundation
import Testing
@testable import HealthAPI

/// Replays each `Fixtures/ingest/NAME.json` through the router and compares the day
/// aggregates with the hand-computed `NAME.expected.json` beside it.
@Suite struct FixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/ingest")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".expected.json") }.map { String($0.dropLast(".expected.json".count)) }.sorted()
    }

    static func load(_ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    @Test func everyFixtureHasItsExpectation() {
        #expect(FixtureTests.names.count >= 15)
        for name in FixtureTests.names {
            #expect(FileManager.default.fileExists(atPath: FixtureTests.directory.appendingPathComponent("\(name).json").path), "\(name)")
        }
    }

    @Test(arguments: FixtureTests.names)
    func fixtureMatchesHandComputedDays(name: String) async throws {
        let fixture = try FixtureTests.load("\(name).json")
        let expected = try FixtureTests.load("\(name).expected.json")
        let app = TestApp()
        let requests = fixture["requests"] as! [[String: Any]]
        let expectedResponses = expected["responses"] as? [[String: Any]] ?? []
        for (i, request) in requests.enumerated() {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
            let reply = await app.send(.post, "/health/ingest", body: body)
            #expect(reply.status == 200, "\(name) request \(i): \(String(decoding: reply.response.body, as: UTF8.self))")
            if i < expectedResponses.count {
                for (key, value) in expectedResponses[i] where key != "status" {
                    #expect(JSONMatch.matches(reply.json[key] as Any, value), "\(name) request \(i) \(key): got \(reply.json[key] ?? "nil")")
                }
            }
        }
        let days = expected["days"] as? [String: [String: Any]] ?? [:]
        let absent = expected["absent"] as? [String: [String]] ?? [:]
        let allDays = Set(days.keys).union(absent.keys).sorted()
        let reply = await app.send(.get, "/health/daily?from=\(allDays.first ?? "")&to=\(allDays.last ?? "")")
        #expect(reply.status == 200)
        var actual: [String: [String: Any]] = [:]
        for day in reply.json["days"] as? [[String: Any]] ?? [] {
            actual[day["dayKey"] as! String] = day["metrics"] as? [String: Any]
        }
        for (day, metrics) in days {
            for (metric, want) in metrics {
                let got = actual[day]?[metric]
                #expect(got != nil, "\(name): \(day) \(metric) missing")
                if let got { #expect(JSONMatch.matches(got, want), "\(name): \(day) \(metric): got \(got), want \(want)") }
            }
        }
        for (day, metrics) in absent {
            for metric in metrics { #expect(actual[day]?[metric] == nil, "\(name): \(day) \(metric) should be absent") }
        }
        // The daily summary of the fixture's day: hand-written numbers and the exact sentence.
        if let summary = expected["summary"] as? [String: Any], let day = summary["day"] as? String, let zone = summary["timezone"] as? String {
            let reply = await app.send(.get, "/health/summary/daily?day=\(day)&timezone=\(zone)")
            #expect(reply.status == 200, "\(name): summary")
            #expect(reply.json["text"] as? String == summary["text"] as? String, "\(name): summary text")
            for (metric, want) in summary["metrics"] as? [String: Any] ?? [:] {
                let got = (reply.json["metrics"] as? [String: Any])?[metric]
                #expect(got.map { JSONMatch.matches($0, want) } == true, "\(name): summary \(metric): got \(got ?? "nil"), want \(want)")
            }
        }
    }
}

/// `expected` is a subset of `actual`: every key it names matches; arrays match element-wise.
enum JSONMatch {
    static func matches(_ actual: Any, _ expected: Any) -> Bool {
        switch expected {
        case let want as [String: Any]:
            guard let got = actual as? [String: Any] else { return false }
            return want.allSatisfy { key, value in got[key].map { matches($0, value) } ?? false }
        case let want as [Any]:
            guard let got = actual as? [Any], got.count == want.count else { return false }
            return zip(got, want).allSatisfy { matches($0, $1) }
        case let want as Bool:
            return (actual as? Bool) == want
        case let want as NSNumber:
            guard let got = actual as? NSNumber else { return false }
            return abs(got.doubleValue - want.doubleValue) < 1e-6
        case let want as String:
            return (actual as? String) == want
        default:
            return "\(actual)" == "\(expected)"
        }
    }
}
