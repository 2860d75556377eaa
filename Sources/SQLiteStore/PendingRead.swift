/// A read started by ``DatabasePool/startRead(_:)`` and running on a reader connection.
public struct PendingRead<T: Sendable>: Sendable {
    let outcome: SyncOutcome<T>

    /// Blocks until the read has run and returns its result or throws its error.
    public func wait() throws -> T {
        try outcome.wait().get()
    }
}
