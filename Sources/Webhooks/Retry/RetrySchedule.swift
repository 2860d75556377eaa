/// When to retry a failed delivery: exponential backoff with full jitter.
///
/// Retry `n` (0 for the first retry) waits a uniformly random time between ``minimum`` and
/// `min(cap, base · 2ⁿ)` seconds. The randomness spreads the retries of many deliveries that
/// failed together (a receiver that was down) instead of having them return in waves; the
/// ceiling keeps a long outage from pushing retries hours apart. Retries stop once the
/// next one would start later than ``horizon`` after the first attempt.
///
/// Pure: the random source is a parameter, so a seeded ``SplitMix64`` reproduces a schedule.
public struct RetrySchedule: Sendable, Equatable {
    /// The ceiling of the first retry's delay, in seconds.
    public var base: Double
    /// The largest ceiling, in seconds.
    public var cap: Double
    /// No retry starts later than this many seconds after the first attempt.
    public var horizon: Double
    /// The shortest delay, in seconds: full jitter can draw values near zero, and a retry
    /// the instant after a failure helps nobody.
    public var minimum: Double

    /// A schedule; the defaults retry over a day with delays of at most an hour.
    public init(base: Double = 5, cap: Double = 3_600, horizon: Double = 86_400, minimum: Double = 1) {
        precondition(base > 0 && cap >= base && horizon > 0 && minimum > 0 && minimum <= base,
                     "a retry schedule needs 0 < minimum ≤ base ≤ cap and a positive horizon")
        self.base = base
        self.cap = cap
        self.horizon = horizon
        self.minimum = minimum
    }

    /// The largest delay retry `retry` (from 0) can draw: `min(cap, base · 2^retry)`.
    public func ceiling(forRetry retry: Int) -> Double {
        // 2^63 overflows nothing as a Double, but past the cap the exponent no longer matters.
        let exponent = min(max(retry, 0), 62)
        return min(cap, base * Double(UInt64(1) << UInt64(exponent)))
    }

    /// The delay before retry `retry`, drawn from `random`.
    public func delay<Random: RandomNumberGenerator>(forRetry retry: Int, using random: inout Random) -> Double {
        let ceiling = ceiling(forRetry: retry)
        // 53 random bits make a uniform Double in [0, 1) the same way on every platform and
        // toolchain, unlike `Double.random(in:using:)`, whose algorithm may change.
        let unit = Double(random.next() >> 11) * 0x1p-53
        return minimum + unit * (ceiling - minimum)
    }

    /// Every delay of one message's retries, in order, while the time since the first attempt
    /// stays within ``horizon``.
    public func delays<Random: RandomNumberGenerator>(using random: inout Random) -> [Double] {
        var delays: [Double] = []
        var elapsed = 0.0
        while true {
            let next = delay(forRetry: delays.count, using: &random)
            guard elapsed + next <= horizon else { return delays }
            elapsed += next
            delays.append(next)
        }
    }
}
