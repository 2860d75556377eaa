#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HealthTesting
import Testing

/// `healthd migrate` on the database of an earlier release (`Fixtures/migration`): killed
/// with SIGKILL half way, run again, it ends where an uninterrupted run ends.
@Suite struct MigrationEndToEndTests {
    static func healthd(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(ServerProcess.binaryPath, arguments, environment: [:])
    }

    /// The export of the database at `path` (every table that is not derived), file by
    /// file; the manifest, which carries the time of the export, is left out.
    static func exported(_ path: String, into directory: String) async throws -> [String: Data] {
        let result = try await healthd(["export", "--db", path, "--to", directory])
        #expect(result.status == 0, "\(result.errors)")
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name != "manifest.json" {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        return files
    }

    /// The counts of the "converted N of …" lines of `errors`, in order.
    static func converted(_ errors: String) -> [Int] {
        errors.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard let index = words.firstIndex(of: "converted"), index + 1 < words.count else { return nil }
            return Int(words[index + 1])
        }
    }

    static func firstConverted(_ errors: String) -> Int { converted(errors).first ?? 0 }
    static func lastConverted(_ errors: String) -> Int { converted(errors).last ?? 0 }

    @Test func aMigrationKilledHalfWayEndsAsAnUninterruptedOne() async throws {
        let directory = NSTemporaryDirectory() + "healthd-migrate-e2e-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let whole = try MigrationFixtureFiles.unpackDatabase(into: directory, name: "whole.sqlite")

        // Fifty samples a step (321 steps, a line of progress each) into a pipe of 4 KiB
        // that nobody reads: once it is full the process waits in its next write, a few
        // dozen steps in, and is killed there.
        let killed = try MigrationFixtureFiles.unpackDatabase(into: directory, name: "killed.sqlite")
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let pipeBytes: Int32 = 4_096
        #expect(fcntl(ends[1], 1031 /* F_SETPIPE_SZ */, pipeBytes) >= pipeBytes)
        let writeEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let child = try ChildProcess(executable: ServerProcess.binaryPath, arguments: ["migrate", "--db", killed, "--rows-per-step", "50"],
                                     standardError: writeEnd)
        try writeEnd.close()
        var queued: Int32 = 0
        for _ in 0..<12_000 {
            _ = ioctl(ends[0], UInt(FIONREAD), &queued)
            if queued > pipeBytes - 200 { break }
            usleep(10_000)
        }
        #expect(queued > pipeBytes - 200, "the pipe did not fill: \(queued) bytes")
        child.signal(SIGKILL)
        await child.waitForExit()
        let readEnd = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        let before = String(decoding: readEnd.readDataToEndOfFile(), as: UTF8.self)
        #expect(Self.lastConverted(before) > 0, "\(before)")
        #expect(!before.contains("database ready"), "\(before)")

        // Run again: it carries on from the steps committed before the kill.
        let again = try await Self.healthd(["migrate", "--db", killed, "--rows-per-step", "50"])
        #expect(again.status == 0, "\(again.errors)")
        #expect(Self.firstConverted(again.errors) > Self.lastConverted(before), "\(again.errors)")
        #expect(again.errors.contains("database ready"))

        let uninterrupted = try await Self.healthd(["migrate", "--db", whole])
        #expect(uninterrupted.status == 0, "\(uninterrupted.errors)")
        #expect(uninterrupted.output.contains("16020 samples"), "\(uninterrupted.output)")

        // The same rows, table by table; and the resumed database passes verify.
        let a = try await Self.exported(killed, into: directory + "/export-killed")
        let b = try await Self.exported(whole, into: directory + "/export-whole")
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.contains("samples.jsonl"))
        for name in a.keys.sorted() { #expect(a[name] == b[name], "\(name) differs") }
        let verify = try await Self.healthd(["verify", "--db", killed])
        #expect(verify.status == 0, "\(verify.output) \(verify.errors)")

        // Opened again, a converted database has nothing left to do.
        let third = try await Self.healthd(["migrate", "--db", killed])
        #expect(third.status == 0)
        #expect(third.output.contains("nothing to convert"), "\(third.output)")
    }
}
