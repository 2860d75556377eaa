import Foundation
import HTTPTransport
import HealthTesting
import SQLiteStore
import Testing
@testable import HealthAPI
@testable import HealthStore

/// A single-person database of an earlier release (`Fixtures/migration`) becomes the
/// first person of a household with no step by its user, in place, and answers the
/// recorded `/health/daily` requests as that release did, beside a second person.
@Suite struct HouseholdUpgradeTests {
    static func send(_ app: HealthApp, _ method: HTTPMethod, _ target: String, token: String, body: String? = nil,
                     headers: [(String, String)] = []) async -> HTTPResponse {
        var fields = headers + [("Host", "localhost"), ("Authorization", "Bearer \(token)")]
        if body != nil { fields.append(("Content-Type", "application/json")) }
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields), body: Array((body ?? "").utf8), remoteAddress: "127.0.0.1")
        var response = await app.handler.handle(request)
        if response.stream != nil {
            response.body = (try? await response.collectedBody()) ?? []
            response.stream = nil
        }
        return response
    }

    @Test func theEarlierReleasesDatabaseBecomesTheFirstPersonAndAnswersTheSameDaily() async throws {
        let directory = NSTemporaryDirectory() + "healthd-household-upgrade-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try MigrationFixtureFiles.unpackDatabase(into: directory)
        #expect(!FileManager.default.fileExists(atPath: ServerDatabase.path(forDatabase: path)), "the earlier release had no server database")
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int

        let app = MigrationFixture.App(path: path)
        defer { app.close() }
        let household = app.app.household
        let people = try household.server.people()
        #expect(people.count == 1)
        #expect(household.server.path(of: people[0]) == path, "the file is registered where it is")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == before, "and neither moved nor copied")
        let kept = try await app.store.pool.read { db in
            try db.queryFirst("SELECT value FROM settings WHERE key = 'user_id'", []) { $0.text(0) }
        }
        #expect(try await app.app.services.user.id() == people[0].id)
        if let kept { #expect(kept == people[0].id, "the user id the database kept is the person's id") }

        // A second person joins, with data of their own on the days the fixture covers.
        let now = MigrationFixture.nowMs
        let bob = try household.server.add(name: "bob", nowMs: now)
        let bobToken = try household.tokens.create(name: "bob-phone", personID: bob.id, scopes: [.ingest, .read], nowMs: now)
        let bobSamples = body([sampleJSON("bob-1", start: 1_775_000_000_000, value: 4321, source: "Bob Phone")])
        #expect(await Self.send(app.app, .post, "/health/ingest", token: bobToken, body: bobSamples).status.code == 200)
        let firstToken = try household.tokens.create(name: "me-agent", personID: people[0].id, scopes: [.read], nowMs: now)

        let daily = try MigrationFixture.recordedAnswers().filter { $0.method == .get && $0.target.hasPrefix("/health/daily") }
        #expect(daily.count >= 3)
        let asked: [(String, [(String, String)])] = [(TestApp.token, []), (firstToken, []), (TestApp.token, [("X-Healthd-Person", people[0].name)])]
        for answer in daily {
            for (token, headers) in asked {
                let response = await Self.send(app.app, .get, answer.target, token: token, headers: headers)
                let reply = MigrationFixture.Answer(method: .get, target: answer.target, body: nil, response: response)
                #expect(reply == answer, "\(answer.target) with \(headers): \(reply.head)")
            }
        }
        // Bob's day is his alone.
        let bobsDaily = await Self.send(app.app, .get, "/health/daily?from=2026-03-20&to=2026-11-30&metric=step_count", token: bobToken)
        #expect(String(decoding: bobsDaily.body, as: UTF8.self).contains("4321"))
    }
}
