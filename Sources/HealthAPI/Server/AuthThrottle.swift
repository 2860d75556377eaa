import Locking

/// Limits failed authentications per client address with a token bucket: `burst`
/// failures are allowed at once, then one more every `refillSeconds`. A throttled
/// address gets 429 (with `Retry-After`) for every request, right token or not, so a
/// guesser learns nothing while throttled; other addresses are never affected.
public final class AuthThrottle: Sendable {
    struct Bucket {
        var allowance: Double
        var updatedAt: Double
    }

    private let burst: Double
    private let refillSeconds: Double
    private let maxTrackedAddresses: Int
    private let buckets = Locked<[String: Bucket]>([:])

    public init(burst: Int, refillSeconds: Double, maxTrackedAddresses: Int = 10_000) {
        self.burst = Double(max(1, burst))
        self.refillSeconds = max(0.001, refillSeconds)
        self.maxTrackedAddresses = maxTrackedAddresses
    }

    /// Seconds the address must wait, or nil when it may try.
    public func retryAfter(address: String, now: Double) -> Int? {
        buckets.withLock { buckets in
            guard var bucket = buckets[address] else { return nil }
            refill(&bucket, now: now)
            buckets[address] = bucket
            guard bucket.allowance < 1 else { return nil }
            return max(1, Int(((1 - bucket.allowance) * refillSeconds).rounded(.up)))
        }
    }

    /// Records one failed attempt.
    public func recordFailure(address: String, now: Double) {
        buckets.withLock { buckets in
            var bucket = buckets[address] ?? Bucket(allowance: burst, updatedAt: now)
            refill(&bucket, now: now)
            bucket.allowance = max(0, bucket.allowance - 1)
            if buckets[address] == nil, buckets.count >= maxTrackedAddresses { evict(&buckets, now: now) }
            buckets[address] = bucket
        }
    }

    private func refill(_ bucket: inout Bucket, now: Double) {
        let elapsed = max(0, now - bucket.updatedAt)
        bucket.allowance = min(burst, bucket.allowance + elapsed / refillSeconds)
        bucket.updatedAt = now
    }

    /// Drops buckets that have refilled completely; if none has, the stalest one, so
    /// memory stays bounded even under an address-spraying attack.
    private func evict(_ buckets: inout [String: Bucket], now: Double) {
        let full = buckets.filter { $0.value.allowance + (now - $0.value.updatedAt) / refillSeconds >= burst }.map(\.key)
        for key in full { buckets.removeValue(forKey: key) }
        if buckets.count >= maxTrackedAddresses, let stalest = buckets.min(by: { $0.value.updatedAt < $1.value.updatedAt })?.key {
            buckets.removeValue(forKey: stalest)
        }
    }
}
