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
    /// `/slow` sleeps 300 ms; `/sleep/N` sleeps N ms; `/gate` waits until ``openGate()``
    /// (at most 60 s); `/close` answers with `Connection: close`.
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
        let gate = Gate()
        server = HTTPServer(configuration: configuration, handler: ClosureHandler { request in
            counter.increment()
            if request.path == "/slow" {
                try? await Task.sleep(for: .milliseconds(300))
            } else if request.path.hasPrefix("/sleep/"), let ms = Int(request.path.dropFirst(7)) {
                try? await Task.sleep(for: .milliseconds(ms))
            } else if request.path == "/gate" {
                await gate.wait()
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
        self.gate = gate
    }

    private let errorLog: ErrorLog
    private let counter: Counter
    private let gate: Gate

    /// Lets every request waiting at `/gate` (and every later one) through.
    func openGate() { gate.open() }

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

/// A one-way gate: closed until opened. Waiters poll, so a handler that waits holds no
/// thread of the cooperative pool while it is closed.
final class Gate: Sendable {
    private let isOpen = Atomic<Bool>(false)
    func open() { isOpen.store(true, ordering: .releasing) }
    func wait() async {
        for _ in 0..<12_000 where !isOpen.load(ordering: .acquiring) {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}

final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    func increment() { storage.add(1, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}
