import HealthStore

/// The server's long-running companions beside the HTTP API, started and stopped with it:
/// each one listens to the store's ``ChangeBell`` or keeps its own clock, and none of them
/// knows about HTTP routing. The serve command builds one from its options.
public final class ServiceCompanions: Sendable {
    /// The store the companions read and write.
    public let store: SampleStore

    /// Companions over `store`; nothing runs until ``start()``.
    public init(store: SampleStore) {
        self.store = store
    }

    /// Starts every configured companion.
    public func start() {}

    /// Stops every companion and waits for their threads to end.
    public func stop() async {}
}
