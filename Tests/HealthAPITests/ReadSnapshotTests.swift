import JSON
import Foundation
import Testing
import HTTPTransport
import HealthDomain
@testable import HealthAPI

/// A summary or query reads the timezone, the queued write intents and the aggregates
/// from one snapshot: exactly one reader job per request.
@Suite struct ReadSnapshotTests {
    @Test func everySummaryAndQueryTakesOneReaderJob() async throws {
        // No server timezone, so the zone comes from the latest sample: that read too
        // must happen inside the one job.
        let app = TestApp()
        let samples = (0..<3).map { sampleJSON("s-\($0)", start: 1_775_808_000_000 + Int64($0) * 86_400_000) }
        #expect(await app.send(.post, "/health/ingest", body: body(samples)).status == 200)
        let intent = try JSONSerialization.data(withJSONObject: calorieIntent("meal-1"))
        #expect(await app.send(.post, "/health/write-intents", body: String(decoding: intent, as: UTF8.self)).status == 200)

        let pool = app.store.pool
        func readerJobs(_ method: HTTPMethod, _ target: String, body: String? = nil) async -> Int {
            let before = pool.readJobCount
            let reply = await app.send(method, target, body: body)
            #expect(reply.status == 200, "\(target) \(body ?? "")")
            return pool.readJobCount - before
        }
        for target in ["/health/summary/daily?day=2026-04-10", "/health/summary/range?from=2026-04-01&to=2026-04-12",
                       "/health/summary/yesterday", "/health/summary/yesterday?timezone=UTC"] {
            #expect(await readerJobs(.get, target) == 1, "\(target)")
        }
        for spec in IntentSpec.all {
            var example = spec.example
            #expect(await readerJobs(.post, "/health/query", body: JSONWriter.string(example)) == 1, "\(spec.name)")
            // Without a timezone the zone is resolved from the stored samples.
            if case .object(var members) = example, members.removeValue(forKey: "timezone") != nil {
                example = .object(members)
                #expect(await readerJobs(.post, "/health/query", body: JSONWriter.string(example)) == 1, "\(spec.name) without timezone")
            }
        }
    }
}
