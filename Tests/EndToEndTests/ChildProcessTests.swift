import Foundation
import HealthTesting
import Locking
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The harness the end-to-end tests start processes with: output, status, signals, and
/// waiting that leaves the cooperative pool free.
@Suite struct ChildProcessTests {
    @Test func runCollectsBothStreamsAndTheStatus() async throws {
        let result = try await ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.status == 3)
        #expect(result.output == "out\n")
        #expect(result.errors == "err\n")
    }

    @Test func aTimedOutWaitLeavesTheChildToBeSignalled() async throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "echo ready; exec sleep 60"])
        #expect(await child.waitForOutput(timeout: 30) { $0.contains("ready\n") })
        #expect(await child.waitForExit(timeout: 0.05) == nil)
        #expect(child.exitStatus == nil)
        child.signal(SIGKILL)
        #expect(await child.waitForExit() == SIGKILL, "a signalled child reports the signal's number")
    }

    /// Many more children than the pool has threads, all awaited at once: each waiting
    /// task counts itself in before it suspends, and the children only exit once every
    /// task has. Were a wait to hold its thread, the later tasks would never start and the
    /// file that lets the children exit would never be written.
    @Test(.timeLimit(.minutes(1))) func waitingForManyChildrenLeavesThePoolFree() async throws {
        let gate = NSTemporaryDirectory() + "healthd-gate-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: gate) }
        let count = max(16, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let waiting = Locked(0)
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "while [ ! -e '\(gate)' ]; do sleep 0.02; done"])
                    waiting.withLock { $0 += 1 }
                    return await child.waitForExit()
                }
            }
            while waiting.withLock({ $0 }) < count { try await Task.sleep(for: .milliseconds(10)) }
            _ = FileManager.default.createFile(atPath: gate, contents: nil)
            var statuses: [Int32] = []
            for try await status in group { statuses.append(status) }
            return statuses
        }
        #expect(statuses == Array(repeating: 0, count: count))
    }
}
