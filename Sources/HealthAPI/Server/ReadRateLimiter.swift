import Locking

/// The request budget of the on-phone read API's routes, per client address: `limit`
/// requests in a window of `windowSeconds` that opens with an address's first request.
/// Every answer states the budget (`X-RateLimit-Limit`, `-Remaining`, `-Reset` in Unix
/// seconds); a request over it gets 429 with `Retry-After`. Other addresses are never
/// affected, and the table of addresses stays bounded.
public final class ReadRateLimiter: Sendable {
    /// What one request was told.
    public struct Decision: Sendable, Equatable {
        public var allowed: Bool
        public var limit: Int
        public var remaining: Int
        /// When the window ends, Unix seconds.
        public var resetSeconds: Int64
        /// Whole seconds until the window ends (at least 1), for `Retry-After`.
        public var retryAfterSeconds: Int
    }

    struct Window {
        var startMs: Int64
        var count: Int
    }

    public let limit: Int
    private let windowMs: Int64
    private let maxTrackedAddresses: Int
    private let windows = Locked<[String: Window]>([:])

    public init(limit: Int, windowSeconds: Int = 60, maxTrackedAddresses: Int = 10_000) {
        self.limit = max(1, limit)
        self.windowMs = Int64(max(1, windowSeconds)) * 1000
        self.maxTrackedAddresses = maxTrackedAddresses
    }

    /// Counts one request from `address` at `nowMs` (Unix epoch milliseconds).
    public func take(address: String, nowMs: Int64) -> Decision {
        windows.withLock { windows in
            var window = windows[address] ?? Window(startMs: nowMs, count: 0)
            if nowMs >= window.startMs + windowMs || nowMs < window.startMs { window = Window(startMs: nowMs, count: 0) }
            let allowed = window.count < limit
            if allowed { window.count += 1 }
            if windows[address] == nil, windows.count >= maxTrackedAddresses { evict(&windows, nowMs: nowMs) }
            windows[address] = window
            let endMs = window.startMs + windowMs
            let reset = (endMs + 999) / 1000
            let retry = max(1, Int((endMs - nowMs + 999) / 1000))
            return Decision(allowed: allowed, limit: limit, remaining: limit - window.count, resetSeconds: reset, retryAfterSeconds: retry)
        }
    }

    /// Drops windows that have ended; if none has, the oldest one.
    private func evict(_ windows: inout [String: Window], nowMs: Int64) {
        let ended = windows.filter { nowMs >= $0.value.startMs + windowMs }.map(\.key)
        for key in ended { windows.removeValue(forKey: key) }
        if windows.count >= maxTrackedAddresses, let oldest = windows.min(by: { $0.value.startMs < $1.value.startMs })?.key {
            windows.removeValue(forKey: oldest)
        }
    }
}
