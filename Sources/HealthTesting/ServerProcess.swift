import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `healthd` binary, started on port 0 in a temporary directory. Starting and
/// stopping it await the child (``ChildProcess``) and never block a cooperative thread.
/// Use it through ``withServerProcess(arguments:environment:directory:_:)``, which stops
/// it however the test ends.
public final class ServerProcess: Sendable {
    /// The running binary.
    public let child: ChildProcess
    /// The temporary directory it runs in (its database is `data/health.sqlite` here).
    public let directory: String
    /// The port it reported in its `listening on` line.
    public let port: Int
    /// Where its standard error goes.
    public let stderrPath: String
    /// Standard output up to and including the `listening on` line.
    public let stdoutSoFar: String

    /// The built `healthd` next to the test bundle (or `HEALTHD_BINARY`).
    public static var binaryPath: String {
        if let override = ProcessInfo.processInfo.environment["HEALTHD_BINARY"] { return override }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
        var dir = testBinary.deletingLastPathComponent()
        // The test bundle may be a directory (…/healthdPackageTests.xctest/…) on some set-ups.
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("healthd").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return testBinary.deletingLastPathComponent().appendingPathComponent("healthd").path
    }

    /// The server did not report its port.
    public struct StartError: Error, CustomStringConvertible {
        /// What the server printed instead.
        public var description: String
    }

    private init(child: ChildProcess, directory: String, port: Int, stderrPath: String, stdoutSoFar: String) {
        self.child = child
        self.directory = directory
        self.port = port
        self.stderrPath = stderrPath
        self.stdoutSoFar = stdoutSoFar
    }

    /// Starts `healthd serve --port 0 --db <tmp>/data/health.sqlite` plus `arguments` and
    /// waits (up to 30 s) for its `listening on` line. `PRIVATE_API_BEARER_TOKEN` is not
    /// inherited from the test's environment; pass it in `environment`.
    public static func start(arguments: [String] = [], environment: [String: String] = [:], directory: String? = nil) async throws -> ServerProcess {
        let dir = directory ?? (NSTemporaryDirectory() + "healthd-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let stderrPath = dir + "/stderr.log"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "PRIVATE_API_BEARER_TOKEN")
        for (k, v) in environment { env[k] = v }
        let child = try ChildProcess(executable: binaryPath, arguments: ["serve", "--port", "0", "--db", dir + "/data/health.sqlite"] + arguments,
                                     environment: env, currentDirectory: dir, standardError: FileHandle(forWritingAtPath: stderrPath))

        _ = await child.waitForOutput(timeout: 30) { reportedPort(in: $0) != nil }
        let text = child.output
        guard let port = reportedPort(in: text) else {
            child.signal(SIGKILL)
            await child.waitForExit()
            let err = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: dir)
            throw StartError(description: "healthd did not report its port; stdout: \(text) stderr: \(err)")
        }
        return ServerProcess(child: child, directory: dir, port: port, stderrPath: stderrPath, stdoutSoFar: text)
    }

    /// The port in a complete `listening on http://host:port` line, if one was printed.
    public static func reportedPort(in text: String) -> Int? {
        guard let range = text.range(of: "listening on http://"), let end = text[range.upperBound...].firstIndex(of: "\n") else { return nil }
        let hostPort = text[range.upperBound..<end]
        guard let colon = hostPort.lastIndex(of: ":") else { return nil }
        return Int(hostPort[hostPort.index(after: colon)...])
    }

    /// The server's process identifier.
    public var processIdentifier: Int32 { child.processIdentifier }

    /// Everything the server wrote to standard error so far.
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// The generated token beside the database.
    public var generatedToken: String? {
        (try? String(contentsOfFile: directory + "/data/healthd.token", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends `signal` (SIGTERM by default) and awaits the exit; after `timeout` seconds the
    /// server is killed. Returns the exit status; stopping a stopped server returns it again.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 20) async -> Int32 {
        if let status = child.exitStatus { return status }
        child.signal(signal)
        if let status = await child.waitForExit(timeout: timeout) { return status }
        child.signal(SIGKILL)
        return await child.waitForExit()
    }

    deinit {
        // Normally stopped already (withServerProcess); a server left running must not outlive the test.
        child.signal(SIGKILL)
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Starts a server (``ServerProcess/start(arguments:environment:directory:)``), runs `body`
/// with it, and stops it — awaiting its exit — whether `body` returns or throws.
public func withServerProcess<T>(arguments: [String] = [], environment: [String: String] = [:], directory: String? = nil,
                                 _ body: (ServerProcess) async throws -> T) async throws -> T {
    let server = try await ServerProcess.start(arguments: arguments, environment: environment, directory: directory)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
