import Locking

/// One histogram series: a handle resolved once from its family and kept.
///
/// It stores per-bucket (not cumulative) counts, so an observation is a bucket search
/// outside the lock and then a lock and two adds; the scrape accumulates them.
public final class Histogram: Sendable {
    /// The bounds the Prometheus clients use by default, in seconds: 5 ms to 10 s.
    public static let defaultBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct State {
        /// One count per finite bound, then the count above the last bound (`+Inf`).
        var counts: [UInt64]
        var sum: Double = 0
    }

    /// The finite upper bounds, strictly increasing.
    let bounds: [Double]
    private let storage: Locked<State>

    init(bounds: [Double]) {
        self.bounds = bounds
        storage = Locked(State(counts: [UInt64](repeating: 0, count: bounds.count + 1)))
    }

    /// Counts `value` into the first bucket whose bound it does not exceed (`le`: less than
    /// or equal), and adds it to the sum. NaN is ignored: it would poison the sum.
    public func observe(_ value: Double) {
        guard !value.isNaN else { return }
        var index = bounds.count
        for (position, bound) in bounds.enumerated() where value <= bound {
            index = position
            break
        }
        storage.withLock { state in
            state.counts[index] &+= 1
            state.sum += value
        }
    }

    /// A copy of the counts and the sum.
    func snapshot() -> State {
        storage.withLock { $0 }
    }

    /// The number of observations.
    public var count: UInt64 {
        storage.withLock { $0.counts.reduce(0, &+) }
    }

    /// The sum of the observations.
    public var sum: Double {
        storage.withLock { $0.sum }
    }
}
