import Foundation
import HTTPTransport
import HealthDomain
@testable import HealthAPI
@testable import HealthStore

/// Builds an app with a known token and calls its handler in-process.
final class TestApp: Sendable {
    static let token = "test-token-0123456789abcdef"
    let app: HealthApp
    let directory: String

    init(clock: AppClock = .fixed(1_775_800_000_000), catalog: MetricCatalog = .standard, configure: (inout ServerConfig) -> Void = { _ in }) {
        var config = ServerConfig()
        config.requestLog = false
        configure(&config)
        directory = NSTemporaryDirectory() + "healthd-test-\(UUID().uuidString)"
        config.databasePath = directory + "/health.sqlite"
        let opened = try! StoreOpener.open(path: config.databasePath, priority: config.priority, nowMs: clock.now(), catalog: catalog)
        app = try! HealthApp(config: config, token: TestApp.token, store: opened.store, clock: clock)
    }

    deinit {
        app.household.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var store: SampleStore { app.services.store }

    struct Reply {
        let response: HTTPResponse
        /// Whether the body was produced while sent (a streamed response).
        var streamed = false
        var status: Int { response.status.code }
        func header(_ name: String) -> String? { response.headers[HTTPHeaderName(name)] }
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
        var errorMessage: String? { (json["error"] as? [String: Any])?["message"] as? String }
        var errorDetails: [String: Any]? { (json["error"] as? [String: Any])?["details"] as? [String: Any] }
    }

    func send(_ method: HTTPMethod, _ target: String, headers: [(String, String)] = [], body: String? = nil,
              authorized: Bool = true, from address: String = "127.0.0.1") async -> Reply {
        var fields = headers
        fields.append(("Host", "localhost"))
        if authorized { fields.append(("Authorization", "Bearer \(TestApp.token)")) }
        if body != nil { fields.append(("Content-Type", "application/json")) }
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields),
                                  body: Array((body ?? "").utf8), remoteAddress: address)
        var response = await app.handler.handle(request)
        var streamed = false
        if response.stream != nil {
            // A streamed body is collected here, as the transport would send it.
            response.body = (try? await response.collectedBody()) ?? []
            response.stream = nil
            streamed = true
        }
        return Reply(response: response, streamed: streamed)
    }

    /// Sends raw body bytes with the headers given (no Content-Type is added).
    func send(_ method: HTTPMethod, _ target: String, headers: [(String, String)] = [], bodyBytes: [UInt8]) async -> Reply {
        let fields = headers + [("Host", "localhost"), ("Authorization", "Bearer \(TestApp.token)")]
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields), body: bodyBytes)
        return Reply(response: await app.handler.handle(request))
    }
}
