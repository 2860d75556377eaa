import Foundation
import HealthTesting
import Testing

/// 2026-04-10 12:00 Europe/Berlin.
private let lunch: Int64 = 1_775_815_200_000

private func json(_ response: LoopbackHTTPClient.Response) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
}

private func bytes(_ object: [String: Any]) -> [UInt8] { [UInt8](try! JSONSerialization.data(withJSONObject: object)) }

/// The write-back loop and idempotent upserts against the real binary, over sockets.
@Suite(.serialized) struct WriteBackLoopEndToEndTests {
    static let token = "e2e-loop-token-4c1e9a"

    @Test func calorieIntentCountsExactlyOnceAtEveryStep() async throws {
        try await withServerProcess(environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let port = server.port
            let token = Self.token
            let steps: [(String, Double?, Double?)] = try await blocking {
                let client = try LoopbackHTTPClient(port: port)
                func dayState() throws -> (Double?, Double?) {
                    let daily = json(try client.send(method: "GET", path: "/health/daily?from=2026-04-10&to=2026-04-10", token: token))
                    let metrics = (daily["days"] as? [[String: Any]])?.first?["metrics"] as? [String: Any]
                    let total = (metrics?["dietary_energy_kcal"] as? [String: Any])?["total"] as? Double
                    let summary = json(try client.send(method: "GET", path: "/health/summary/daily?day=2026-04-10&timezone=Europe/Berlin", token: token))
                    let totals = (summary["queued"] as? [String: Any])?["totals"] as? [String: Any]
                    let queued = (totals?["dietary_energy_kcal"] as? [String: Double])?.values.reduce(0, +)
                    return (total, queued)
                }
                var log: [(String, Double?, Double?)] = []
                let intent: [String: Any] = ["externalId": "lunch-e2e", "metric": "dietary_energy_kcal", "valueNumber": 400, "unit": "kcal",
                                             "startTimeMs": lunch, "timezone": "Europe/Berlin", "source": "e2e"]
                _ = try client.send(method: "POST", path: "/health/write-intents", token: token, body: bytes(intent))
                var (t, q) = try dayState(); log.append(("queued", t, q))
                let pending = json(try client.send(method: "GET", path: "/health/write-intents/pending", token: token))
                let version = ((pending["intents"] as? [[String: Any]])?.first?["version"] as? Int) ?? 0
                (t, q) = try dayState(); log.append(("pulled", t, q))
                let ack: [String: Any] = ["acks": [["externalId": "lunch-e2e", "version": version, "result": "applied", "healthKitUUID": "HK-E2E-1"]]]
                _ = try client.send(method: "POST", path: "/health/write-intents/ack", token: token, body: bytes(ack))
                (t, q) = try dayState(); log.append(("applied", t, q))
                let sample: [String: Any] = ["samples": [["sampleKey": "HK-E2E-1", "metric": "dietary_energy_kcal", "startTimeMs": lunch, "endTimeMs": lunch,
                                                           "valueNumber": 400, "unit": "kcal", "timezone": "Europe/Berlin", "syncIdentifier": "lunch-e2e"]]]
                _ = try client.send(method: "POST", path: "/health/ingest", token: token, body: bytes(sample))
                (t, q) = try dayState(); log.append(("synced", t, q))
                _ = try client.send(method: "POST", path: "/health/ingest", token: token, body: bytes(sample))
                _ = try client.send(method: "POST", path: "/health/write-intents/ack", token: token, body: bytes(ack))
                (t, q) = try dayState(); log.append(("re-synced", t, q))
                return log
            }
            let byStep = Dictionary(uniqueKeysWithValues: steps.map { ($0.0, ($0.1, $0.2)) })
            // Before the sample syncs, the 400 kcal are queued and not in the total (no data yet).
            for step in ["queued", "pulled", "applied"] {
                #expect(byStep[step]?.0 == nil, "\(step): total \(String(describing: byStep[step]?.0))")
                #expect(byStep[step]?.1 == 400, "\(step): queued \(String(describing: byStep[step]?.1))")
            }
            // After it syncs: in the total exactly once, no longer queued.
            for step in ["synced", "re-synced"] {
                #expect(byStep[step]?.0 == 400, "\(step)")
                #expect(byStep[step]?.1 == nil || byStep[step]?.1 == 0, "\(step)")
            }
        }
    }

    @Test func fiftyConcurrentIdenticalPostsMakeOneIntent() async throws {
        try await withServerProcess(environment: ["PRIVATE_API_BEARER_TOKEN": Self.token]) { server in
            let port = server.port
            let token = Self.token
            let intent = bytes(["externalId": "same-1", "metric": "dietary_energy_kcal", "valueNumber": 250, "unit": "kcal",
                                     "startTimeMs": lunch, "timezone": "Europe/Berlin"])
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 {
                    group.addTask { try await blocking { try LoopbackHTTPClient(port: port).send(method: "POST", path: "/health/write-intents", token: token, body: intent).status } }
                }
                var all: [Int] = []
                for try await status in group { all.append(status) }
                return all
            }
            #expect(statuses == Array(repeating: 200, count: 50))
            let versions = try await blocking { () -> [Int] in
                let list = json(try LoopbackHTTPClient(port: port).send(method: "GET", path: "/health/write-intents", token: token))
                return (list["intents"] as? [[String: Any]] ?? []).map { $0["version"] as? Int ?? -1 }
            }
            #expect(versions == [1])
        }
    }
}
