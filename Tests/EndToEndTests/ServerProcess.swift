import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `healthd` binary, started on port 0 in a temporary directory.
final class ServerProcess {
    let process = Process()
    let directory: String
    let port: Int
    let stderrPath: String
    private let stdoutPipe = Pipe()

    /// The built `healthd` next to the test bundle (or `HEALTHD_BINARY`).
    static var binaryPath: String {
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

    struct StartError: Error, CustomStringConvertible { var description: String }

    /// Starts `healthd serve --port 0 --db <tmp>/data/health.sqlite` plus `arguments`
    /// and waits for its `listening on` line.
    init(arguments: [String] = [], environment: [String: String] = [:], directory: String? = nil) throws {
        let dir = directory ?? (NSTemporaryDirectory() + "healthd-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        self.directory = dir
        self.stderrPath = dir + "/stderr.log"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: ServerProcess.binaryPath)
        process.arguments = ["serve", "--port", "0", "--db", dir + "/data/health.sqlite"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "PRIVATE_API_BEARER_TOKEN")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardOutput = stdoutPipe
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()

        // Read stdout until the one line arrives (or the process dies / 30 s pass).
        var collected = Data()
        let deadline = Date().addingTimeInterval(30)
        let handle = stdoutPipe.fileHandleForReading
        var found: Int?
        while found == nil, Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            collected.append(chunk)
            let text = String(decoding: collected, as: UTF8.self)
            if let range = text.range(of: "listening on http://"), let end = text[range.upperBound...].firstIndex(of: "\n") {
                let hostPort = text[range.upperBound..<end]
                if let colon = hostPort.lastIndex(of: ":") { found = Int(hostPort[hostPort.index(after: colon)...]) }
            }
        }
        guard let found else {
            process.terminate()
            let err = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            throw StartError(description: "healthd did not report its port; stdout: \(String(decoding: collected, as: UTF8.self)) stderr: \(err)")
        }
        self.port = found
        self.stdoutSoFar = String(decoding: collected, as: UTF8.self)
    }

    private(set) var stdoutSoFar: String

    /// Everything the server wrote to standard error so far.
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// The generated token beside the database.
    var generatedToken: String? {
        (try? String(contentsOfFile: directory + "/data/healthd.token", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends SIGTERM and waits for exit; returns the exit status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 20) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
