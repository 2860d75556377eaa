import Locking
import Synchronization

/// The open connections of a server: enforces the connection cap, knows which connections
/// sit idle between requests, and lets shutdown reach every one of them.
///
/// A connection's descriptor is only closed by its own task, after it left the registry;
/// so while the lock is held, every registered descriptor is open and is the connection's.
final class ConnectionRegistry: Sendable {
    enum Admission {
        case accepted(UInt64)
        /// Over `maxConnections`: answer 503 and close.
        case overCapacity(UInt64)
        /// Shutting down, or too many rejections in progress: close without a word.
        case refused
    }

    private struct Entry {
        var fd: Int32
        var token: Reactor.Token
        var idle = false
        var counted: Bool
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var counted = 0
        var nextID: UInt64 = 1
        var draining = false
    }

    private let state = Locked(State())
    private let draining = Atomic<Bool>(false)
    let maxConnections: Int

    init(maxConnections: Int) {
        self.maxConnections = maxConnections
    }

    func admit(fd: Int32, token: Reactor.Token) -> Admission {
        state.withLock { s in
            if s.draining { return .refused }
            let id = s.nextID
            s.nextID += 1
            if s.counted < maxConnections {
                s.counted += 1
                s.entries[id] = Entry(fd: fd, token: token, counted: true)
                return .accepted(id)
            }
            // Rejections hold a descriptor briefly (write 503, linger); bound them too.
            if s.entries.count - s.counted >= max(maxConnections, 64) { return .refused }
            s.entries[id] = Entry(fd: fd, token: token, counted: false)
            return .overCapacity(id)
        }
    }

    /// Forgets a connection; its task calls this before closing the descriptor.
    func remove(_ id: UInt64) {
        state.withLock { s in
            if let entry = s.entries.removeValue(forKey: id), entry.counted { s.counted -= 1 }
        }
    }

    /// Marks a connection as waiting for its next request; false when the server is
    /// shutting down and the connection should close instead.
    func markIdle(_ id: UInt64) -> Bool {
        state.withLock { s in
            if s.draining { return false }
            s.entries[id]?.idle = true
            return true
        }
    }

    func markBusy(_ id: UInt64) {
        state.withLock { s in s.entries[id]?.idle = false }
    }

    /// Whether shutdown has begun (responses then say `Connection: close`).
    var isDraining: Bool { draining.load(ordering: .relaxed) }

    var count: Int { state.withLock { $0.entries.count } }

    /// Refuses new connections from now on and returns the idle ones, to be woken and closed.
    func beginDraining() -> [Reactor.Token] {
        state.withLock { s in
            s.draining = true
            draining.store(true, ordering: .relaxed)
            return s.entries.values.filter(\.idle).map(\.token)
        }
    }

    /// Shutdown deadline passed: cut every remaining connection. `shutdown(2)` (not
    /// `close`) so that the descriptor stays owned by its task and cannot be reused under it.
    func forceCloseAll() -> [Reactor.Token] {
        state.withLock { s in
            for entry in s.entries.values { Socket.shutdownBoth(entry.fd) }
            return s.entries.values.map(\.token)
        }
    }
}
