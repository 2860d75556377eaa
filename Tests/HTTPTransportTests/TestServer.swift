import Locking
import Foundation
import HealthTesting
import Synchronization
@testable import HTTPTransport

/// A running server on an ephemeral port with an echo handler and a log of the errors the
/// transport answered itself.
final class TestServer: Sendable {
    let server: HTTPServer
    let port: Int
    let runTask: Task<Void, Never>

    /// The echo handler: body "METHOD path body-length", `X-Remote` with the peer address.
    /// `/slow` sleeps 300 ms; `/sleep/N` sleeps N ms; `/close` answers with `Connection: close`.
    init(host: String = "127.0.0.1", _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = host
        configuration.port = 0
        configuration.headDeadlineSeconds = 2
        configuration.idleTimeoutSeconds = 2
        configuration.bodyRateGraceSeconds = 1
        configuration.minBodyBytesPerSecond = 1000
        configuration.shutdownDeadlineSeconds = 3
        configure(&configuration)
        let box = ErrorLog()
        configuration.onTransportError = { status, reason in box.append(status.code, reason) }
        let counter = Counter()
        server = HTTPServer(configuration: configuration, handler: ClosureHandler { request in
            counter.increment()
            if request.path == "/slow" {
                try? await Task.sleep(for: .milliseconds(300))
            } else if request.path.hasPrefix("/sleep/"), let ms = Int(request.path.dropFirst(7)) {
                try? await Task.sleep(for: .milliseconds(ms))
            }
            var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-Remote": request.remoteAddress]
            if request.path == "/close" { headers.add("Connection", "close") }
            return HTTPResponse(status: .ok, headers: headers,
                                body: Array("\(request.method) \(request.path) \(request.body.count)".utf8))
        })
        port = try server.start()
        let server = self.server
        runTask = Task { await server.run() }
        errorLog = box
        self.counter = counter
    }

    private let errorLog: ErrorLog
    private let counter: Counter

    var reasons: [String] { errorLog.entries.map(\.1) }
    var handled: Int { counter.value }

    func stop() async {
        await server.shutdown()
        await runTask.value
    }
}

final class ErrorLog: Sendable {
    private let storage = Locked<[(Int, String)]>([])
    func append(_ code: Int, _ reason: String) { storage.withLock { $0.append((code, reason)) } }
    var entries: [(Int, String)] { storage.withLock { $0 } }
}

final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    func increment() { storage.add(1, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}
