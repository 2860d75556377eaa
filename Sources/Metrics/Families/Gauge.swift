import Locking

/// One gauge series: a handle resolved once from its family and kept.
public final class Gauge: Sendable {
    private let storage = Locked<Double>(0)

    init() {}

    /// Sets the value.
    public func set(_ value: Double) {
        storage.withLock { $0 = value }
    }

    /// Adds `amount` (which may be negative).
    public func increment(by amount: Double = 1) {
        storage.withLock { $0 += amount }
    }

    /// Subtracts `amount`.
    public func decrement(by amount: Double = 1) {
        storage.withLock { $0 -= amount }
    }

    /// The current value.
    public var value: Double {
        storage.withLock { $0 }
    }
}
