import Locking

/// One counter series: a handle resolved once from its family and kept, so counting is a
/// lock and an add.
public final class Counter: Sendable {
    private let storage = Locked<Double>(0)

    init() {}

    /// Adds one.
    public func increment() {
        storage.withLock { $0 += 1 }
    }

    /// Adds `amount`. A counter never goes down: negative and NaN amounts are ignored.
    public func increment(by amount: Double) {
        guard amount > 0 else { return }
        storage.withLock { $0 += amount }
    }

    /// The current count.
    public var value: Double {
        storage.withLock { $0 }
    }
}
