import Foundation
import HTTPTransport
import HealthDomain
import Locking
@testable import HealthAPI
@testable import HealthStore

/// A clock tests move forward by hand, so retry schedules are reproducible.
final class ManualClock: Sendable {
    private let nowMs: Locked<Int64>
    init(_ start: Int64) { nowMs = Locked(start) }
    var now: Int64 { nowMs.withLock { $0 } }
    func advance(by ms: Int64) { nowMs.withLock { $0 += ms } }
    var appClock: AppClock { AppClock { [self] in self.now } }
}

/// An app over a database file that survives `restart()`: the pool is closed and the
/// same file reopened with a new `HealthApp`, as a server restart would.
final class IntentTestServer: @unchecked Sendable {
    let clock: ManualClock
    let config: ServerConfig
    let directory: String
    private(set) var app: HealthApp

    init(start: Int64 = 1_775_800_000_000, configure: (inout ServerConfig) -> Void = { _ in }) {
        clock = ManualClock(start)
        var config = ServerConfig()
        config.requestLog = false
        configure(&config)
        directory = NSTemporaryDirectory() + "healthd-intents-\(UUID().uuidString)"
        config.databasePath = directory + "/health.sqlite"
        self.config = config
        app = IntentTestServer.open(config: config, clock: clock)
    }

    static func open(config: ServerConfig, clock: ManualClock) -> HealthApp {
        let opened = try! StoreOpener.open(path: config.databasePath, priority: config.priority, nowMs: clock.now)
        return try! HealthApp(config: config, token: TestApp.token, store: opened.store, clock: clock.appClock)
    }

    func restart() {
        app.household.close()
        app = IntentTestServer.open(config: config, clock: clock)
    }

    deinit {
        app.household.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var intents: WriteIntentStore { app.services.intents }

    func send(_ method: HTTPMethod, _ target: String, json: Any? = nil) async -> TestApp.Reply {
        var fields: [(String, String)] = [("Host", "localhost"), ("Authorization", "Bearer \(TestApp.token)")]
        var bytes: [UInt8] = []
        if let json {
            fields.append(("Content-Type", "application/json"))
            bytes = Array(try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
        }
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields), body: bytes, remoteAddress: "127.0.0.1")
        return TestApp.Reply(response: await app.handler.handle(request))
    }
}

/// A calorie intent body.
func calorieIntent(_ id: String, kcal: Double = 400, start: Int64 = 1_775_815_200_000, zone: String = "Europe/Berlin",
                   note: String? = nil, source: String? = "test-agent") -> [String: Any] {
    var body: [String: Any] = ["externalId": id, "metric": "dietary_energy_kcal", "valueNumber": kcal, "unit": "kcal",
                               "startTimeMs": start, "timezone": zone]
    if let note { body["note"] = note }
    if let source { body["source"] = source }
    return body
}

extension TestApp.Reply {
    var intent: [String: Any] { json["intent"] as? [String: Any] ?? [:] }
    var intents: [[String: Any]] { json["intents"] as? [[String: Any]] ?? [] }
    var results: [[String: Any]] { json["results"] as? [[String: Any]] ?? [] }
}
