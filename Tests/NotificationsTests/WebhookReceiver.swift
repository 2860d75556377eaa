import Foundation
import HealthTesting
import HTTPTransport
import Locking

/// A webhook receiver on 127.0.0.1 (port 0: the kernel picks one), built on the project's
/// HTTP server: it records every request and answers through a script.
final class WebhookReceiver: Sendable {
    /// One request as it arrived.
    struct Delivery: Sendable {
        var path: String
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name == name }?.value
        }

        var id: String? { header("webhook-id") }
        var timestamp: Int64? { header("webhook-timestamp").flatMap { Int64($0) } }
    }

    /// Answers a request; `index` counts earlier requests with the same `webhook-id`.
    typealias Script = @Sendable (_ request: HTTPRequest, _ index: Int, _ port: Int) async -> HTTPResponse

    let port: Int
    private let server: HTTPServer
    private let runTask: Task<Void, Never>
    private let log: Locked<[Delivery]>

    init(_ script: @escaping Script = { _, _, _ in HTTPResponse(status: .ok) }) throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.shutdownDeadlineSeconds = 5
        let log = Locked<[Delivery]>([])
        let portBox = Locked(0)
        server = HTTPServer(configuration: configuration, handler: ClosureHandler { request in
            let delivery = Delivery(path: request.path,
                                    headers: request.headers.map { ($0.rawName.lowercased(), $0.value) },
                                    body: request.body)
            let index = log.withLock { log in
                defer { log.append(delivery) }
                return log.filter { $0.id != nil && $0.id == delivery.id }.count
            }
            return await script(request, index, portBox.withLock { $0 })
        })
        let port = try server.start()
        portBox.withLock { $0 = port }
        self.port = port
        self.log = log
        let server = server
        runTask = Task { await server.run() }
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every request so far, in arrival order.
    var deliveries: [Delivery] { log.withLock { $0 } }

    func stop() async {
        await server.shutdown()
        await runTask.value
    }
}
