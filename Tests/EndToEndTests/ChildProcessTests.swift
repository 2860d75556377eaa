import Dispatch
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
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "echo ready; exec sleep 100000"])
        #expect(await child.waitForOutput(timeout: 30) { $0.contains("ready\n") })
        #expect(await child.waitForExit(timeout: 0.05) == nil)
        #expect(child.exitStatus == nil)
        child.signal(SIGKILL)
        #expect(await child.waitForExit() == SIGKILL, "a signalled child reports the signal's number")
    }

    /// Many more children than the pool has threads, all awaited at once: each waiting
    /// task counts itself in before it suspends, and the children exit only once the test
    /// has seen every task count itself in. Were a wait to hold its thread, the tasks after
    /// the first few could not start and the test would hang; a plain thread opens the gate
    /// after five minutes instead, so it fails with fewer tasks waiting than started.
    @Test func waitingForManyChildrenLeavesThePoolFree() async throws {
        let gate = NSTemporaryDirectory() + "healthd-gate-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: gate) }
        let count = max(16, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let waiting = Locked(0)
        let waitingWhenOpened = Locked<Int?>(nil)
        @Sendable func openGate() {
            let first = waitingWhenOpened.withLock { opened -> Bool in
                guard opened == nil else { return false }
                opened = waiting.withLock { $0 }
                return true
            }
            if first { _ = FileManager.default.createFile(atPath: gate, contents: nil) }
        }
        let finished = DispatchSemaphore(value: 0)
        Thread { if finished.wait(timeout: .now() + 300) == .timedOut { openGate() } }.start()
        defer { finished.signal() }

        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "while [ ! -e '\(gate)' ]; do sleep 0.02; done"])
                    waiting.withLock { $0 += 1 }
                    return await child.waitForExit()
                }
            }
            while waiting.withLock({ $0 }) < count { try await Task.sleep(for: .milliseconds(10)) }
            openGate()
            var statuses: [Int32] = []
            for try await status in group { statuses.append(status) }
            return statuses
        }
        #expect(waitingWhenOpened.withLock { $0 } == count)
        #expect(statuses == Array(repeating: 0, count: count))
    }
}
