#if canImport(Glibc)
import Locking
import Glibc
#endif
import Foundation
import Synchronization

/// Moves process signals out of signal-handler context: a `sigaction` handler writes the
/// signal number to a pipe (`write` is async-signal-safe), and a dedicated thread reads it
/// and calls the registered Swift closures.
///
/// Dispatch signal sources are not used because on Linux they rely on `signalfd`, which
/// only sees a signal when every thread blocks it; in a process whose threads were created
/// before the watcher, the signal goes to an arbitrary thread instead and is lost.
enum SignalRelay {
    /// The pipe's write end, read by the signal handler (lock-free, async-signal-safe).
    static let writeFD = Atomic<Int32>(-1)

    private struct State {
        var started = false
        var nextID: UInt64 = 1
        var handlers: [UInt64: (signals: Set<Int32>, handler: @Sendable (Int32) -> Void)] = [:]
        var installed: Set<Int32> = []
    }

    private static let state = Locked(State())

    /// Registers `handler` for `signals`; returns an id for `remove(_:)`.
    static func add(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) -> UInt64 {
        state.withLock { s in
            if !s.started {
                s.started = true
                startReader()
            }
            let id = s.nextID
            s.nextID += 1
            s.handlers[id] = (Set(signals), handler)
            for number in signals where !s.installed.contains(number) {
                s.installed.insert(number)
                install(number)
            }
            return id
        }
    }

    static func remove(_ id: UInt64) {
        state.withLock { s in _ = s.handlers.removeValue(forKey: id) }
    }

    private static func install(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signalNumber in
            // Only async-signal-safe work here; errno belongs to the interrupted code.
            let saved = errno
            let fd = SignalRelay.writeFD.load(ordering: .relaxed)
            if fd >= 0 {
                var byte = UInt8(truncatingIfNeeded: signalNumber)
                _ = write(fd, &byte, 1)
            }
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    private static func startReader() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // A full pipe must drop a signal rather than block the handler.
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        writeFD.store(fds[1], ordering: .relaxed)
        let readFD = fds[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(readFD, &byte, 1)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                let number = Int32(byte)
                let handlers = state.withLock { s in s.handlers.values.filter { $0.signals.contains(number) }.map(\.handler) }
                for handler in handlers { handler(number) }
            }
        }
        thread.name = "signal-relay"
        thread.start()
    }
}
