#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Locking

/// Keeps every thread of this process, and of the child processes it is told about, at
/// the niceness the benchmark was started with (`nice -n 19 healthd-bench …`).
///
/// `nice` sets the niceness of the process's first thread, which threads it creates
/// inherit; but libdispatch gives each worker thread of Swift's concurrency pool the
/// priority of its QoS class as it creates it (nice 0, and −4 for the overcommit pool when
/// the process may lower it), so the threads doing the work would run at full priority on
/// a machine the benchmark is meant to share. A thread keeps a niceness set on it later,
/// so a sweep of /proc/PID/task every half second holds them all at the first thread's.
final class NiceKeeper: Sendable {
    /// The one keeper of this process.
    static let shared = NiceKeeper()

    private struct State {
        var started = false
        var children: Set<Int32> = []
    }

    private let state = Locked(State())

    /// The niceness of this process's first thread (the one `nice` set).
    static var startingNiceness: Int32 {
        errno = 0
        let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
        return errno == 0 ? value : 0
    }

    /// Sweeps once now and then every half second, if the process was started niced
    /// (nothing to keep otherwise). Starting it again does nothing.
    func start() {
        let target = Self.startingNiceness
        guard target > 0, state.withLock({ state in
            defer { state.started = true }
            return !state.started
        }) else { return }
        sweep(target)
        let thread = Thread { [self] in
            while true {
                usleep(500_000)
                sweep(target)
            }
        }
        thread.start()
    }

    /// Holds the threads of child process `pid` at this process's niceness too.
    func watch(_ pid: Int32) {
        state.withLock { _ = $0.children.insert(pid) }
        let target = Self.startingNiceness
        if target > 0 { renice(pid: pid, target) }
    }

    /// Stops watching `pid` (it exited).
    func forget(_ pid: Int32) { state.withLock { _ = $0.children.remove(pid) } }

    private func sweep(_ target: Int32) {
        renice(pid: getpid(), target)
        for pid in state.withLock({ $0.children }) { renice(pid: pid, target) }
    }

    /// Sets every thread of `pid` whose niceness is below `target` to it.
    private func renice(pid: Int32, _ target: Int32) {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return }
        for task in tasks {
            guard let tid = id_t(task) else { continue }
            errno = 0
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid)
            if errno == 0, current < target {
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, target)
            }
        }
    }
}
