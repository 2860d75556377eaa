import Locking

/// Rung after a write transaction that may have changed what readers see (an ingest, a
/// write intent's status, an appended changes-feed entry) has committed, so the server's
/// companions (webhook dispatch, Home Assistant publishing) look again instead of polling.
///
/// A ring carries no data: a listener reads what it needs from the store. Listeners run
/// on the ringing thread and must return quickly (signal a semaphore, poke a loop).
public final class ChangeBell: Sendable {
    private let listeners = Locked<[Int: @Sendable () -> Void]>([:])
    private let nextID = Locked<Int>(0)

    /// A bell nobody listens to yet.
    public init() {}

    /// Calls `listener` on every later ring until ``stopListening(_:)`` with the returned id.
    @discardableResult
    public func listen(_ listener: @escaping @Sendable () -> Void) -> Int {
        let id = nextID.withLock { value -> Int in
            value += 1
            return value
        }
        listeners.withLock { $0[id] = listener }
        return id
    }

    /// Stops calling the listener `id`.
    public func stopListening(_ id: Int) {
        listeners.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Calls every listener once, outside the lock (a listener may listen or stop).
    public func ring() {
        let current = listeners.withLock { Array($0.values) }
        for listener in current { listener() }
    }
}
