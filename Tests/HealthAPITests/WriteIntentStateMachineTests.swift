import Foundation
import Testing
import HealthDomain
import HealthFormats
@testable import HealthAPI
@testable import HealthStore

/// Random sequences of upserts, pulls, acks (every result, stale versions, repeats),
/// cancellations, clock advances, synced-back samples and server restarts, with the
/// queue's invariants checked after every step.
@Suite struct WriteIntentStateMachineTests {
    static let ids = (0..<6).map { "intent-\($0)" }
    static let writtenStatuses: Set<String> = ["applied", "skipped", "reconciled"]

    final class Model {
        var written: Set<String> = []
        var lastVersion: [String: Int] = [:]
        var pulled: [[String: Any]] = []
        var sentAcks: [[String: Any]] = []
        var uuids: [String: String] = [:]
        /// Statuses observed, so the test proves it reached every state it claims to check.
        var seen: Set<IntentStatus> = []
        var restarts = 0
    }

    @Test func invariantsHoldAfterEveryStep() async throws {
        var seen: Set<IntentStatus> = []
        var restarts = 0
        for seed in 1...8 as ClosedRange<UInt64> {
            let model = try await run(seed: seed)
            seen.formUnion(model.seen)
            restarts += model.restarts
        }
        // The sequences must actually reach the states whose invariants they check.
        #expect(restarts > 0)
        #expect(seen == Set(IntentStatus.allCases), "reached \(seen.sorted())")
    }

    func run(seed: UInt64) async throws -> Model {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9)
        let server = IntentTestServer { $0.intentMaxAttempts = 3; $0.intentRetryBaseSeconds = 60; $0.intentRetryCapSeconds = 150 }
        let policy = server.config.retryPolicy
        let model = Model()

        for step in 0..<220 {
            let action = Int.random(in: 0..<100, using: &rng)
            switch action {
            case 0..<22:
                let id = Self.ids.randomElement(using: &rng)!
                let kcal = [100.0, 200, 300].randomElement(using: &rng)!
                let reply = await server.send(.post, "/health/write-intents", json: calorieIntent(id, kcal: kcal, start: 1_775_815_200_000 + Int64(kcal) * 1000))
                if reply.status == 409 {
                    #expect(model.written.contains(id), "409 only after the intent was written (step \(step))")
                } else {
                    #expect(reply.status == 200)
                    let version = reply.intent["version"] as? Int ?? 0
                    #expect(version >= model.lastVersion[id, default: 1])
                    model.lastVersion[id] = version
                }
            case 22..<40:
                model.pulled = await pendingWalk(server, limit: Int.random(in: 1...4, using: &rng))
            case 40..<68:
                var acks: [[String: Any]] = []
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    if !model.sentAcks.isEmpty, Int.random(in: 0..<5, using: &rng) == 0 {
                        acks.append(model.sentAcks.randomElement(using: &rng)!)
                        continue
                    }
                    let base = model.pulled.randomElement(using: &rng)
                    let id = base?["externalId"] as? String ?? Self.ids.randomElement(using: &rng)!
                    var version = base?["version"] as? Int ?? model.lastVersion[id, default: 1]
                    if Int.random(in: 0..<6, using: &rng) == 0 { version = max(1, version - 1) }
                    let result = ["applied", "failed", "failed", "failed", "skipped"].randomElement(using: &rng)!
                    var ack: [String: Any] = ["externalId": id, "version": version, "result": result]
                    if result == "failed" {
                        ack["error"] = "write failed"
                        ack["retryable"] = Int.random(in: 0..<8, using: &rng) != 0
                    }
                    if result == "applied" {
                        let uuid = "HK-\(id)-v\(version)"
                        ack["healthKitUUID"] = uuid
                        model.uuids[id] = uuid
                    }
                    if Bool.random(using: &rng), let attempts = base?["attempts"] as? Int { ack["attempt"] = attempts }
                    acks.append(ack)
                }
                let before = try await intentsByID(server)
                let reply = await server.send(.post, "/health/write-intents/ack", json: ["acks": acks])
                #expect(reply.status == 200 || reply.status == 207)
                #expect(reply.results.count == acks.count)
                for (ack, result) in zip(acks, reply.results) {
                    let id = ack["externalId"] as! String
                    if let current = before[id], (ack["version"] as! Int) < current.version {
                        #expect(result["outcome"] as? String == "stale_version")
                    }
                }
                model.sentAcks += acks
            case 68..<76:
                let id = Self.ids.randomElement(using: &rng)!
                let reply = await server.send(.post, "/health/write-intents/\(id)/cancel")
                #expect([200, 404, 409].contains(reply.status))
                if reply.status == 409 { #expect(model.written.contains(id)) }
            case 76..<90:
                let ms = Bool.random(using: &rng) ? Int64.random(in: 0...120_000, using: &rng) : Int64.random(in: 0...900_000, using: &rng)
                server.clock.advance(by: ms)
            case 90..<94:
                server.restart()
                model.restarts += 1
            default:
                // A written intent's sample syncs back through ingest.
                if let (id, uuid) = model.uuids.randomElement(using: &rng) {
                    let sample = sampleJSON(uuid, metric: "dietary_energy_kcal", start: 1_775_815_200_000, minutes: 0, value: 100, unit: "kcal", source: "Health")
                    let reply = await server.send(.post, "/health/ingest", json: ["samples": [sample]])
                    #expect(reply.status == 200, "ingest for \(id)")
                }
            }
            try await checkInvariants(server, model: model, policy: policy, step: step, walkLimit: Int.random(in: 1...5, using: &rng))
        }
        return model
    }

    /// Every page of the pending listing, in order.
    func pendingWalk(_ server: IntentTestServer, limit: Int) async -> [[String: Any]] {
        var all: [[String: Any]] = []
        var cursor: String?
        repeat {
            let reply = await server.send(.get, "/health/write-intents/pending?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? ""))
            #expect(reply.status == 200)
            all += reply.intents
            cursor = reply.json["nextCursor"] as? String
        } while cursor != nil
        return all
    }

    func intentsByID(_ server: IntentTestServer) async throws -> [String: WriteIntent] {
        var result: [String: WriteIntent] = [:]
        var after: Int64?
        repeat {
            let page = try await server.intents.list(status: nil, after: after, limit: 2)
            for intent in page.intents { result[intent.externalId] = intent }
            after = page.nextCursor
        } while after != nil
        return result
    }

    func checkInvariants(_ server: IntentTestServer, model: Model, policy: RetryPolicy, step: Int, walkLimit: Int) async throws {
        let rows = try await server.app.services.store.pool.read { db in
            try db.queryFirst("SELECT count(*), count(DISTINCT external_id) FROM write_intents", []) { ($0.int64(0), $0.int64(1)) }!
        }
        #expect(rows.0 == rows.1, "one row per externalId (step \(step))")

        let all = try await intentsByID(server)
        #expect(all.count == Int(rows.0))
        for id in model.lastVersion.keys { #expect(all[id] != nil, "\(id) was created and must exist") }
        let now = server.clock.now
        for (id, intent) in all {
            if model.written.contains(id) {
                #expect(Self.writtenStatuses.contains(intent.status.rawValue), "\(id) was written and is now \(intent.status) (step \(step))")
            }
            if Self.writtenStatuses.contains(intent.status.rawValue) { model.written.insert(id) }
            #expect(intent.version >= model.lastVersion[id, default: 1])
            model.lastVersion[id] = intent.version
            model.seen.insert(intent.status)
            switch intent.status {
            case .failed:
                let next = try #require(intent.nextRetryAt)
                let at = try #require(intent.lastAttemptAt)
                #expect(next >= at && next - at <= policy.ceilingMs(afterAttempts: intent.attempts), "backoff within its ceiling (step \(step))")
                #expect(next - at <= policy.capDelayMs)
                #expect(intent.attempts < policy.maxAttempts)
            case .dead:
                #expect(intent.attempts >= policy.maxAttempts || intent.deadReason == "not_retryable", "dead only after max attempts (step \(step))")
                #expect(intent.attempts <= policy.maxAttempts)
            case .pending:
                #expect(intent.nextRetryAt == nil)
            default: break
            }
        }

        let walk = await pendingWalk(server, limit: walkLimit)
        let walked = walk.compactMap { $0["externalId"] as? String }
        #expect(Set(walked).count == walked.count, "no intent on two pages (step \(step))")
        let due = Set(all.values.filter { $0.isDue(nowMs: now) }.map(\.externalId))
        #expect(Set(walked) == due, "every due intent in the walk (step \(step))")
        #expect(walked.allSatisfy { !model.written.contains($0) }, "nothing written is pending again (step \(step))")
        for item in walk {
            #expect(item["version"] as? Int == all[item["externalId"] as! String]?.version)
            #expect(item["attempts"] != nil && item["status"] != nil)
        }
        // Queued totals agree with the intents' statuses.
        let day = DayKey("2026-04-10")!
        let queued = try await server.intents.queuedTotals(metric: .dietaryEnergyKcal, days: day...day)[day]
        let expected = all.values.filter { $0.status.isQueued }
        #expect((queued?.count ?? 0) == expected.count)
        #expect(abs((queued?.total ?? 0) - expected.reduce(0) { $0 + $1.content.canonicalValue }) < 1e-9)
    }
}
