#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Foundation
import Locking

/// An epoll loop on a dedicated thread that resumes the continuations of tasks waiting for
/// a non-blocking descriptor to become readable or writable.
///
/// Tasks never block the cooperative pool: they try the syscall first and only on `EAGAIN`
/// suspend here. Descriptors are registered once, edge-triggered, for both directions; an
/// edge that arrives while nobody waits is remembered as a "ready" flag so that the next
/// wait returns at once instead of missing it. That saves an `epoll_ctl` re-arm per wait
/// compared to `EPOLLONESHOT`, which matters at tens of thousands of requests per second.
///
/// Every wait may carry a deadline. The loop sleeps at most `tickMilliseconds` (or until the earliest
/// known deadline) and fails expired waits with `.timedOut`.
final class Reactor: Sendable {
    /// Identifies one registration of a descriptor with the reactor. The generation makes a
    /// token from a closed connection harmless when the kernel reuses its descriptor number.
    struct Token: Hashable, Sendable {
        let fd: Int32
        let generation: UInt32
    }

    /// What a wait on the reactor ended with.
    enum WaitResult: Sendable, Equatable {
        /// The descriptor became ready (or may have: callers always retry the syscall).
        case ready
        /// The deadline passed first.
        case timedOut
        /// `interrupt(_:)` was called for the descriptor (shutdown).
        case interrupted
        /// The descriptor was deregistered or the reactor stopped.
        case closed
    }

    /// The direction a wait is interested in.
    enum Interest: Sendable {
        case read
        case write
    }

    private struct Waiter {
        var continuation: CheckedContinuation<WaitResult, Never>
        var deadline: Deadline?
    }

    private struct Slot {
        var generation: UInt32 = 0
        var readReady = false
        var writeReady = false
        var interrupted = false
        var reader: Waiter?
        var writer: Waiter?
    }

    private struct State {
        var slots: [Slot] = []
        var nextGeneration: UInt32 = 1
        /// A lower bound for the earliest deadline of any waiter (may be stale-early, never late).
        var earliestDeadline: Deadline?
        var stopped = false
        var threadExited = false
        var stopWaiters: [CheckedContinuation<Void, Never>] = []

        /// Empties every slot's reader and writer and returns them, for ending them all.
        mutating func takeAllWaiters() -> [Waiter] {
            var taken: [Waiter] = []
            for index in slots.indices {
                if let r = slots[index].reader { taken.append(r) }
                if let w = slots[index].writer { taken.append(w) }
                slots[index].reader = nil
                slots[index].writer = nil
            }
            return taken
        }
    }

    private let epollFD: Int32
    private let wakeFD: Int32
    private let state = Locked(State())
    /// Longest sleep of the loop, so deadlines fire within about this much of their time.
    private let tickMilliseconds: Int32 = 100

    init() throws(HTTPServerError) {
        let ep = epoll_create1(Epoll.closeOnExec)
        guard ep >= 0 else { throw .socket(call: "epoll_create1", errno: errno) }
        let wake = eventfd(0, Epoll.nonBlocking | Epoll.closeOnExec)
        guard wake >= 0 else {
            let code = errno
            Glibc.close(ep)
            throw .socket(call: "eventfd", errno: code)
        }
        guard Epoll.add(epoll: ep, fd: wake, events: Epoll.inEvent, data: UInt64.max) == 0 else {
            let code = errno
            Glibc.close(ep)
            Glibc.close(wake)
            throw .socket(call: "epoll_ctl", errno: code)
        }
        epollFD = ep
        wakeFD = wake
        let thread = Thread { [self] in self.loop() }
        thread.name = "http-reactor"
        thread.start()
    }

    /// Registers a non-blocking descriptor for both directions. The caller keeps owning the
    /// descriptor; closing it removes it from the epoll set (it is never `dup`ed).
    func register(_ fd: Int32) throws(HTTPServerError) -> Token {
        let result: Result<Token, HTTPServerError> = state.withLock { s in
            if s.stopped { return .failure(.invalidState("reactor stopped")) }
            let index = Int(fd)
            if index >= s.slots.count {
                s.slots.append(contentsOf: repeatElement(Slot(), count: max(index + 1 - s.slots.count, 64)))
            }
            let generation = s.nextGeneration
            s.nextGeneration = s.nextGeneration == UInt32.max ? 1 : s.nextGeneration + 1
            s.slots[index] = Slot(generation: generation)
            // Under the lock so that `stop()` cannot close the epoll descriptor meanwhile.
            let events = Epoll.inEvent | Epoll.outEvent | Epoll.readHangUpEvent | Epoll.edgeTriggered
            let data = UInt64(UInt32(bitPattern: fd)) | (UInt64(generation) << 32)
            if Epoll.add(epoll: epollFD, fd: fd, events: events, data: data) != 0 {
                s.slots[index] = Slot()
                return .failure(.socket(call: "epoll_ctl", errno: errno))
            }
            return .success(Token(fd: fd, generation: generation))
        }
        return try result.get()
    }

    /// Forgets a registration; call it before closing the descriptor. Pending waits end `.closed`.
    func deregister(_ token: Token) {
        let waiters: (Waiter?, Waiter?) = state.withLock { s in
            let index = Int(token.fd)
            guard index < s.slots.count, s.slots[index].generation == token.generation else { return (nil, nil) }
            let taken = (s.slots[index].reader, s.slots[index].writer)
            s.slots[index] = Slot()
            // Under the lock, and only while the epoll descriptor is still open (the thread
            // closes it under this lock when it exits).
            if !s.threadExited {
                _ = epoll_ctl(epollFD, Epoll.controlDelete, token.fd, nil)
            }
            return taken
        }
        waiters.0?.continuation.resume(returning: .closed)
        waiters.1?.continuation.resume(returning: .closed)
    }

    /// Ends the current and every later wait on the descriptor with `.interrupted`.
    func interrupt(_ token: Token) {
        let waiters: (Waiter?, Waiter?) = state.withLock { s in
            let index = Int(token.fd)
            guard index < s.slots.count, s.slots[index].generation == token.generation else { return (nil, nil) }
            s.slots[index].interrupted = true
            let taken = (s.slots[index].reader, s.slots[index].writer)
            s.slots[index].reader = nil
            s.slots[index].writer = nil
            return taken
        }
        waiters.0?.continuation.resume(returning: .interrupted)
        waiters.1?.continuation.resume(returning: .interrupted)
    }

    /// Suspends until the descriptor is ready in the given direction, the deadline passes,
    /// or the registration is interrupted. Callers retry their syscall after `.ready`.
    func wait(_ token: Token, for interest: Interest, until deadline: Deadline?) async -> WaitResult {
        if let immediate = state.withLock({ s in Self.takeImmediate(&s, token, interest) }) {
            return immediate
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<WaitResult, Never>) in
            let immediate: WaitResult? = state.withLock { s in
                if let result = Self.takeImmediate(&s, token, interest) { return result }
                if let deadline {
                    if deadline <= Deadline.now { return .timedOut }
                    if s.earliestDeadline.map({ deadline < $0 }) ?? true { s.earliestDeadline = deadline }
                }
                let waiter = Waiter(continuation: continuation, deadline: deadline)
                let index = Int(token.fd)
                switch interest {
                case .read:
                    precondition(s.slots[index].reader == nil, "two readers on one descriptor")
                    s.slots[index].reader = waiter
                case .write:
                    precondition(s.slots[index].writer == nil, "two writers on one descriptor")
                    s.slots[index].writer = waiter
                }
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    /// The result a wait gets without suspending, or nil when it has to suspend.
    private static func takeImmediate(_ s: inout State, _ token: Token, _ interest: Interest) -> WaitResult? {
        if s.stopped { return .closed }
        let index = Int(token.fd)
        guard index < s.slots.count, s.slots[index].generation == token.generation else { return .closed }
        if s.slots[index].interrupted { return .interrupted }
        switch interest {
        case .read:
            if s.slots[index].readReady { s.slots[index].readReady = false; return .ready }
        case .write:
            if s.slots[index].writeReady { s.slots[index].writeReady = false; return .ready }
        }
        return nil
    }

    /// Asks the loop to stop and ends every pending and later wait with `.closed`. The
    /// thread closes the epoll and wake descriptors itself once it has left `epoll_wait`.
    func stop() {
        let waiters: [Waiter] = state.withLock { s in
            if s.stopped { return [] }
            s.stopped = true
            let taken = s.takeAllWaiters()
            // Under the lock: the thread closes `wakeFD` under it once it has exited.
            if !s.threadExited {
                var one: UInt64 = 1
                _ = Glibc.write(wakeFD, &one, 8)
            }
            return taken
        }
        for waiter in waiters { waiter.continuation.resume(returning: .closed) }
    }

    /// Returns once the reactor thread has exited and closed its descriptors.
    func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let exited = state.withLock { s in
                if s.threadExited { return true }
                s.stopWaiters.append(continuation)
                return false
            }
            if exited { continuation.resume() }
        }
    }

    // MARK: - The loop (reactor thread only)

    private func loop() {
        let capacity: Int32 = 256
        let events = UnsafeMutableRawPointer.allocate(byteCount: Int(capacity) * Epoll.eventSize, alignment: 8)
        defer { events.deallocate() }
        let eventRecords = events.bindMemory(to: epoll_event.self, capacity: Int(capacity))
        var resumes: [(CheckedContinuation<WaitResult, Never>, WaitResult)] = []
        resumes.reserveCapacity(Int(capacity))
        var timeout = tickMilliseconds
        while true {
            let count = epoll_wait(epollFD, eventRecords, capacity, timeout)
            if count < 0 && errno != EINTR {
                // Nothing sensible left to do; fail every waiter rather than hang them.
                break
            }
            let now = Deadline.now
            var sawWake = false
            let stopping: Bool = state.withLock { s in
                for i in 0..<max(Int(count), 0) {
                    let data = Epoll.data(at: i, in: events)
                    if data == UInt64.max { sawWake = true; continue }
                    let index = Int(UInt32(truncatingIfNeeded: data))
                    let generation = UInt32(truncatingIfNeeded: data >> 32)
                    guard index < s.slots.count, s.slots[index].generation == generation else { continue }
                    let flags = Epoll.events(at: i, in: events)
                    let failure = flags & (Epoll.errorEvent | Epoll.hangUpEvent) != 0
                    if failure || flags & (Epoll.inEvent | Epoll.readHangUpEvent) != 0 {
                        if let reader = s.slots[index].reader {
                            s.slots[index].reader = nil
                            resumes.append((reader.continuation, .ready))
                        } else {
                            s.slots[index].readReady = true
                        }
                    }
                    if failure || flags & Epoll.outEvent != 0 {
                        if let writer = s.slots[index].writer {
                            s.slots[index].writer = nil
                            resumes.append((writer.continuation, .ready))
                        } else {
                            s.slots[index].writeReady = true
                        }
                    }
                }
                if s.stopped { return true }
                if let earliest = s.earliestDeadline, earliest <= now {
                    s.earliestDeadline = Self.expire(&s, now: now, into: &resumes)
                }
                if let earliest = s.earliestDeadline {
                    let ms = (earliest.nanoseconds &- now.nanoseconds) / 1_000_000 + 1
                    timeout = Int32(min(UInt64(tickMilliseconds), ms))
                } else {
                    timeout = tickMilliseconds
                }
                return false
            }
            for (continuation, result) in resumes { continuation.resume(returning: result) }
            resumes.removeAll(keepingCapacity: true)
            if stopping { break }
            if sawWake {
                var drain: UInt64 = 0
                _ = Glibc.read(wakeFD, &drain, 8)
            }
        }
        let stopWaiters: [CheckedContinuation<Void, Never>] = state.withLock { s in
            s.stopped = true
            s.threadExited = true
            for waiter in s.takeAllWaiters() { resumes.append((waiter.continuation, .closed)) }
            // `register` checks `stopped` under this lock, so nobody uses the descriptors now.
            Glibc.close(epollFD)
            Glibc.close(wakeFD)
            let w = s.stopWaiters
            s.stopWaiters = []
            return w
        }
        for (continuation, result) in resumes { continuation.resume(returning: result) }
        for continuation in stopWaiters { continuation.resume() }
    }

    /// Takes every waiter whose deadline has passed; returns the new earliest deadline.
    private static func expire(_ s: inout State, now: Deadline,
                               into resumes: inout [(CheckedContinuation<WaitResult, Never>, WaitResult)]) -> Deadline? {
        var earliest: Deadline?
        for index in s.slots.indices {
            if let reader = s.slots[index].reader, let deadline = reader.deadline {
                if deadline <= now {
                    s.slots[index].reader = nil
                    resumes.append((reader.continuation, .timedOut))
                } else if earliest.map({ deadline < $0 }) ?? true {
                    earliest = deadline
                }
            }
            if let writer = s.slots[index].writer, let deadline = writer.deadline {
                if deadline <= now {
                    s.slots[index].writer = nil
                    resumes.append((writer.continuation, .timedOut))
                } else if earliest.map({ deadline < $0 }) ?? true {
                    earliest = deadline
                }
            }
        }
        return earliest
    }
}
