#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HealthTesting

/// The scale benchmark's server: `healthd serve` in a process of its own, so its resident
/// memory is the server's alone, on a free port with the benchmark's token.
final class ScaleServer: Sendable {
    let child: ChildProcess
    let port: Int

    /// The server did not come up.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    private init(child: ChildProcess, port: Int) {
        self.child = child
        self.port = port
    }

    /// Starts `healthd serve --port 0 --db <database> --quiet` through `command` (the
    /// executable and the arguments that stand for `healthd`), standard error to
    /// `logPath`, and waits up to a minute for its `listening on` line.
    static func start(command: [String], database: String, token: String, logPath: String) async throws -> ScaleServer {
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        var environment = ProcessInfo.processInfo.environment
        environment["PRIVATE_API_BEARER_TOKEN"] = token
        let child = try ChildProcess(executable: command[0], arguments: Array(command.dropFirst()) + ["serve", "--port", "0", "--db", database, "--quiet"],
                                     environment: environment, standardError: FileHandle(forWritingAtPath: logPath))
        NiceKeeper.shared.watch(child.processIdentifier)
        _ = await child.waitForOutput(timeout: 60) { ServerProcess.reportedPort(in: $0) != nil }
        guard let port = ServerProcess.reportedPort(in: child.output) else {
            child.signal(SIGKILL)
            await child.waitForExit()
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw StartError(description: "the server did not report its port; it wrote: \(child.output)\(log.suffix(2_000))")
        }
        return ScaleServer(child: child, port: port)
    }

    /// The server's current and peak resident memory in bytes.
    var residentMemory: (current: Int, peak: Int) { ProcessStats.residentMemory(pid: child.processIdentifier) }

    /// Asks the server to stop (SIGTERM) and awaits its exit; kills it after `timeout` seconds.
    @discardableResult
    func stop(timeout: Double = 120) async -> Int32 {
        defer { NiceKeeper.shared.forget(child.processIdentifier) }
        if let status = child.exitStatus { return status }
        child.signal(SIGTERM)
        if let status = await child.waitForExit(timeout: timeout) { return status }
        child.signal(SIGKILL)
        return await child.waitForExit()
    }
}
