/// A half-open span of UTC time `[start, end)` in epoch milliseconds.
public struct Interval: Sendable, Hashable, Comparable {
    /// Inclusive start.
    public var start: Int64
    /// Exclusive end; `end == start` is an empty (instant) interval.
    public var end: Int64

    /// Creates `[start, end)`; a reversed pair is treated as empty at `start`.
    public init(start: Int64, end: Int64) {
        self.start = start
        self.end = max(start, end)
    }

    /// `end - start`.
    public var length: Int64 { end - start }
    /// Whether the interval covers no time.
    public var isEmpty: Bool { end == start }

    /// The overlap with `other`, or nil when they share no time.
    public func intersection(_ other: Interval) -> Interval? {
        let s = max(start, other.start)
        let e = min(end, other.end)
        return s < e ? Interval(start: s, end: e) : nil
    }

    /// Whether the instant lies inside `[start, end)`.
    public func contains(_ ms: Int64) -> Bool { start <= ms && ms < end }

    /// By start, then end.
    public static func < (lhs: Interval, rhs: Interval) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }
}
