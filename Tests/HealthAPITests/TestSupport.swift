import Foundation
import HTTPTransport
@testable import HealthAPI

/// Builds an app with a known token and calls its handler in-process.
struct TestApp {
    static let token = "test-token-0123456789abcdef"
    let app: HealthApp

    init(configure: (inout ServerConfig) -> Void = { _ in }) {
        var config = ServerConfig()
        config.requestLog = false
        configure(&config)
        app = HealthApp(config: config, token: TestApp.token)
    }

    struct Reply {
        let response: HTTPResponse
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
        return Reply(response: await app.handler.handle(request))
    }
}
