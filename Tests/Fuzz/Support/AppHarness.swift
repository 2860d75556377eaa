import Foundation
import HTTPTransport
import HealthStore
@testable import HealthAPI

/// One in-process application for a whole fuzz run: its database lives on /dev/shm (or
/// the temporary directory) so the flush on every write costs nothing, and every input
/// is one request through the same handler the server uses. A 5xx answer means a route
/// threw an error nobody mapped, which is a finding like a crash.
enum AppHarness {
    static let token = "fuzz-token-0123456789abcdef0123"

    static let app: HealthApp = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let directory = base + "/healthd-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: AppHarness.directory) }
        var config = ServerConfig()
        config.requestLog = false
        config.databasePath = directory + "/health.sqlite"
        config.readRateLimit = 1_000_000_000
        config.userID = "5f0c3c1e-8d7a-4a55-9a51-2f7f2b9e0c11"
        let clock = AppClock.fixed(1_775_800_000_000)
        let opened = try! StoreOpener.open(path: config.databasePath, priority: config.priority, nowMs: clock.now(), catalog: .standard)
        return try! HealthApp(config: config, token: token, store: opened.store, clock: clock)
    }()

    static var directory: String {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return base + "/healthd-fuzz-\(getpid())"
    }

    /// Sends one request and returns its status; a streamed body is drained as the
    /// transport would, so errors raised while streaming are seen too.
    static func send(_ method: HTTPMethod, _ target: String, body: [UInt8] = [], contentType: String? = "application/json") -> Int {
        var fields = [("Host", "localhost"), ("Authorization", "Bearer \(token)")]
        if let contentType { fields.append(("Content-Type", contentType)) }
        if method == .post { fields.append(("Accept", "application/json, text/event-stream")) }
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields), body: body, remoteAddress: "127.0.0.1")
        let app = self.app
        let result = blocking { () async -> (Int, [UInt8]) in
            var response = await app.handler.handle(request)
            if response.stream != nil {
                response.body = (try? await response.collectedBody()) ?? Array("<stream failed>".utf8)
            }
            return (response.status.code, response.body)
        }
        if result.0 >= 500 {
            let text = String(decoding: result.1.prefix(2000), as: UTF8.self)
            FileHandle.standardError.write(Data("FINDING: \(method) \(target.prefix(200)) answered \(result.0): \(text)\n".utf8))
            abort()
        }
        return result.0
    }

    /// Runs `body` on the concurrency pool and waits for it: libFuzzer calls the harness
    /// on a plain thread.
    static func blocking<T>(_ body: @escaping () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    /// The input as a percent-encoded query value.
    static func percentEncoded(_ bytes: UnsafeRawBufferPointer) -> String {
        var out = ""
        for byte in bytes {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2E {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return out
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}

/// Carries a result from the task that produced it to the thread waiting for it.
final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
