/// A union of half-open time intervals, kept as sorted, disjoint, non-touching runs so
/// that overlapping segments are merged rather than added (sleep stages, covered time).
public struct IntervalSet: Sendable, Hashable {
    /// The merged runs, sorted by start; no two overlap or touch, none is empty.
    public private(set) var runs: [Interval] = []

    /// The empty set.
    public init() {}

    /// The union of `intervals` (in any order; empty ones are ignored).
    public init<S: Sequence>(_ intervals: S) where S.Element == Interval {
        let sorted = intervals.filter { !$0.isEmpty }.sorted()
        var runs: [Interval] = []
        runs.reserveCapacity(sorted.count)
        for interval in sorted {
            if let last = runs.last, interval.start <= last.end {
                runs[runs.count - 1].end = max(last.end, interval.end)
            } else {
                runs.append(interval)
            }
        }
        self.runs = runs
    }

    /// Whether no time is covered.
    public var isEmpty: Bool { runs.isEmpty }

    /// Total covered time in milliseconds.
    public var totalLength: Int64 { runs.reduce(0) { $0 + $1.length } }

    /// Start of the first run, if any.
    public var start: Int64? { runs.first?.start }
    /// End of the last run, if any.
    public var end: Int64? { runs.last?.end }

    /// Adds one interval.
    public mutating func insert(_ interval: Interval) {
        guard !interval.isEmpty else { return }
        formUnion(IntervalSet(CollectionOfOne(interval)))
    }

    /// Adds every run of `other` (a linear merge of two sorted lists).
    public mutating func formUnion(_ other: IntervalSet) {
        if other.runs.isEmpty { return }
        if runs.isEmpty { runs = other.runs; return }
        var merged: [Interval] = []
        merged.reserveCapacity(runs.count + other.runs.count)
        var i = 0, j = 0
        while i < runs.count || j < other.runs.count {
            let next: Interval
            if j == other.runs.count || (i < runs.count && runs[i] < other.runs[j]) {
                next = runs[i]; i += 1
            } else {
                next = other.runs[j]; j += 1
            }
            if let last = merged.last, next.start <= last.end {
                merged[merged.count - 1].end = max(last.end, next.end)
            } else {
                merged.append(next)
            }
        }
        runs = merged
    }

    /// The union of `self` and `other`.
    public func union(_ other: IntervalSet) -> IntervalSet {
        var copy = self
        copy.formUnion(other)
        return copy
    }

    /// How much of `interval` is covered, in milliseconds.
    public func overlapLength(with interval: Interval) -> Int64 {
        guard !interval.isEmpty else { return 0 }
        var total: Int64 = 0
        var index = firstRun(endingAfter: interval.start)
        while index < runs.count, runs[index].start < interval.end {
            total += runs[index].intersection(interval)?.length ?? 0
            index += 1
        }
        return total
    }

    /// Whether the instant lies inside a run.
    public func contains(_ ms: Int64) -> Bool {
        let index = firstRun(endingAfter: ms)
        return index < runs.count && runs[index].start <= ms
    }

    /// Binary search: index of the first run with `end > ms`, or `runs.count`.
    private func firstRun(endingAfter ms: Int64) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].end > ms { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
