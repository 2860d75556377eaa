/// The wait before each reconnection attempt: doubling from ``initial`` up to ``maximum``,
/// each wait drawn between half and all of that so that clients cut off together do not
/// return together. Attempts count from 0 and reset once a CONNECT is accepted.
public struct ReconnectBackoff: Sendable, Equatable {
    /// The ceiling of the first wait, in seconds.
    public var initial: Double
    /// The largest ceiling, in seconds.
    public var maximum: Double

    /// Waits from `initial` seconds doubling up to `maximum`.
    public init(initial: Double = 1, maximum: Double = 60) {
        self.initial = initial
        self.maximum = max(initial, maximum)
    }

    /// The wait before attempt `attempt` (from 0), with `unit` a random number in [0, 1).
    public func delay(attempt: Int, unit: Double) -> Double {
        let ceiling = min(maximum, initial * Double(UInt64(1) << UInt64(min(max(attempt, 0), 30))))
        return ceiling / 2 + ceiling / 2 * min(max(unit, 0), 1)
    }
}
