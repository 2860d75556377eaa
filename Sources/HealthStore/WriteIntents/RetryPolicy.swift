/// When a retryably failed intent is offered again: capped exponential backoff with
/// full jitter (delay = random(0, min(cap, base·2^(attempts−1)))), and how many attempts
/// an intent gets before it is `dead`.
///
/// The jitter is derived from a hash of (externalId, version, attempts) rather than a
/// random generator: it still spreads retries of different intents apart, yet a given
/// schedule is reproducible, which keeps tests and restarts deterministic.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts (acknowledged tries of one version) before a failing intent is dead.
    public var maxAttempts: Int
    /// The upper bound of the first retry delay, in milliseconds.
    public var baseDelayMs: Int64
    /// No retry delay exceeds this, in milliseconds.
    public var capDelayMs: Int64

    public init(maxAttempts: Int = 8, baseDelayMs: Int64 = 30_000, capDelayMs: Int64 = 6 * 3_600_000) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelayMs = max(0, baseDelayMs)
        self.capDelayMs = max(0, capDelayMs)
    }

    /// 8 attempts, 30 s base, 6 h cap.
    public static let `default` = RetryPolicy()

    /// The jitter ceiling after `attempts` failures: min(cap, base·2^(attempts−1)).
    public func ceilingMs(afterAttempts attempts: Int) -> Int64 {
        let exponent = max(0, attempts - 1)
        // Doubling past 2^40 exceeds any sensible cap; stop before Int64 overflows.
        if exponent >= 40 { return capDelayMs }
        let (scaled, overflow) = baseDelayMs.multipliedReportingOverflow(by: Int64(1) << Int64(exponent))
        return overflow ? capDelayMs : min(capDelayMs, scaled)
    }

    /// The delay before the next try after `attempts` failures of (externalId, version):
    /// uniform in [0, ceiling], from a hash so the same inputs give the same delay.
    public func delayMs(externalId: String, version: Int, afterAttempts attempts: Int) -> Int64 {
        let ceiling = ceilingMs(afterAttempts: attempts)
        guard ceiling > 0 else { return 0 }
        let fraction = Double(RetryPolicy.hash(externalId, version, attempts) >> 11) / Double(UInt64(1) << 53)
        return min(ceiling, Int64(fraction * Double(ceiling + 1)))
    }

    /// FNV-1a over the inputs, finished with SplitMix64's mixer for well-spread high bits.
    static func hash(_ externalId: String, _ version: Int, _ attempts: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in externalId.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for value in [UInt64(truncatingIfNeeded: version), UInt64(truncatingIfNeeded: attempts)] {
            h = (h ^ value) &* 0x0000_0100_0000_01B3
        }
        var z = h &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
