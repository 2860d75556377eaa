import Foundation
import Testing
@testable import HealthAPI

/// Replays each `Fixtures/hae/NAME.json` (Health Auto Export bodies written from its
/// documentation) through `POST /health/hae` and compares the answers and day values
/// with the hand-computed `NAME.expected.json` beside it.
@Suite struct HealthAutoExportFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/hae")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".expected.json") }.map { String($0.dropLast(".expected.json".count)) }.sorted()
    }

    static func load(_ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The night of `day` after replaying fixtures `names` in order into one store.
    static func night(_ names: String..., day: String) async throws -> [String: Any] {
        let app = TestApp()
        for name in names { try await replay(name, into: app) }
        let reply = await app.send(.get, "/health/daily?from=\(day)&to=\(day)")
        let days = try #require(reply.json["days"] as? [[String: Any]])
        return try #require((days.first?["metrics"] as? [String: Any])?["sleep_segment"] as? [String: Any])
    }

    static func replay(_ name: String, into app: TestApp) async throws {
        for request in try load("\(name).json")["requests"] as? [[String: Any]] ?? [] {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
            _ = await app.send(.post, "/health/hae", body: body)
        }
    }

    @Test func aNightSentAggregatedAndAsSegmentsCountsOnce() async throws {
        // The same source sends the night both ways: its own segments win, nothing adds up.
        let both = try await Self.night("sleep-aggregated", "sleep-segments", day: "2026-05-15")
        let segments = try await Self.night("sleep-segments", day: "2026-05-15")
        for key in ["asleepMinutes", "deepMinutes", "coreMinutes", "remMinutes", "unspecifiedMinutes", "awakeMinutes", "sleepStart", "sleepEnd"] {
            #expect((both[key] as? NSNumber) == (segments[key] as? NSNumber), "\(key)")
        }
        #expect(both["asleepMinutes"] as? Int == 465)
    }

    @Test func olderNightsTimeInBedJoinsTheSleepSourceAndKeepsBothNames() async throws {
        // Watch sleep, iPhone time in bed: 8.25 h in bed counts (495 min), under the night's source.
        let night = try await Self.night("sleep-aggregated-two-sources", day: "2026-05-11")
        #expect(night["inBedMinutes"] as? Int == 495)
        #expect(night["asleepMinutes"] as? Int == 435)
        let app = TestApp()
        try await Self.replay("sleep-aggregated-two-sources", into: app)
        let raw = await app.send(.get, "/health/raw?metric=sleep_segment")
        let inBed = (raw.json["samples"] as? [[String: Any]] ?? []).filter { $0["categoryValue"] as? String == "inBed" }
        #expect(inBed.count == 2)
        let first = try #require(inBed.first { ($0["valueNumber"] as? Double) == 8.25 })
        #expect(first["sourceName"] as? String == "Jane’s Apple Watch")
        let metadata = first["metadata"] as? [String: Any]
        #expect(metadata?["inBedSource"] as? String == "Jane’s iPhone")
        #expect(metadata?["sleepSource"] as? String == "Jane’s Apple Watch")
    }

    @Test func everyFixtureHasItsExpectation() {
        #expect(Self.names.count >= 10)
        for name in Self.names {
            #expect(FileManager.default.fileExists(atPath: Self.directory.appendingPathComponent("\(name).json").path), "\(name)")
        }
    }

    @Test(arguments: HealthAutoExportFixtureTests.names)
    func fixtureMatchesHandComputedDays(name: String) async throws {
        let fixture = try Self.load("\(name).json")
        let expected = try Self.load("\(name).expected.json")
        let app = TestApp()
        let requests = try #require(fixture["requests"] as? [[String: Any]])
        let path = fixture["path"] as? String ?? "/health/hae"
        let expectedResponses = expected["responses"] as? [[String: Any]] ?? []
        for (i, request) in requests.enumerated() {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
            let reply = await app.send(.post, path, body: body)
            let want = i < expectedResponses.count ? expectedResponses[i] : [:]
            #expect(reply.status == (want["status"] as? Int ?? 200), "\(name) request \(i): \(String(decoding: reply.response.body, as: UTF8.self))")
            for (key, value) in want where key != "status" {
                #expect(JSONMatch.matches(reply.json[key] as Any, value), "\(name) request \(i) \(key): got \(reply.json[key] ?? "nil")")
            }
        }
        let days = expected["days"] as? [String: [String: Any]] ?? [:]
        let absent = expected["absent"] as? [String: [String]] ?? [:]
        let allDays = Set(days.keys).union(absent.keys).sorted()
        let reply = await app.send(.get, "/health/daily?from=\(allDays.first ?? "")&to=\(allDays.last ?? "")")
        #expect(reply.status == 200)
        var actual: [String: [String: Any]] = [:]
        for day in reply.json["days"] as? [[String: Any]] ?? [] {
            if let key = day["dayKey"] as? String { actual[key] = day["metrics"] as? [String: Any] }
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
    }

    /// One night sent as an aggregated night, as segments and as per-stage metrics is one
    /// night: the same asleep and stage minutes, bedtime and wake time.
    @Test func theThreeSleepShapesGiveTheSameNight() async throws {
        let aggregated = try await Self.night("sleep-aggregated", day: "2026-05-15")
        let segments = try await Self.night("sleep-segments", day: "2026-05-15")
        let stages = try await Self.night("sleep-stage-metrics", day: "2026-05-15")
        let keys = ["asleepMinutes", "deepMinutes", "coreMinutes", "remMinutes", "unspecifiedMinutes", "awakeMinutes", "sleepStart", "sleepEnd", "source"]
        for key in keys {
            #expect("\(aggregated[key] ?? "nil")" == "\(segments[key] ?? "nil")", "\(key): aggregated vs segments")
            #expect("\(aggregated[key] ?? "nil")" == "\(stages[key] ?? "nil")", "\(key): aggregated vs per-stage metrics")
        }
        // Only the aggregated night and the segments carry time in bed.
        #expect("\(aggregated["inBedMinutes"] ?? "nil")" == "\(segments["inBedMinutes"] ?? "nil")")
    }
}
