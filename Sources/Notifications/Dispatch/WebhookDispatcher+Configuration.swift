import Foundation
import Webhooks

extension WebhookDispatcher {
    /// How the dispatcher paces and retries.
    public struct Configuration: Sendable {
        /// When to retry: exponential backoff with full jitter; its ``RetrySchedule/horizon``
        /// (24 h by default) counts from an item's first attempt, after which it is given up.
        public var schedule = RetrySchedule()
        /// Attempts in flight at once, at most one per endpoint.
        public var maxConcurrent = 8
        /// Seconds between looks at the outbox when nothing wakes the dispatcher, so rows
        /// queued by another process are not stranded.
        public var idlePoll: Double = 60
        /// Seconds to wait before trying again after the outbox threw.
        public var outboxRetry: Double = 5
        /// The seed of the jitter; nil for a random one. Tests fix it to reproduce a schedule.
        public var randomSeed: UInt64?
        /// The time in milliseconds since the epoch. Tests inject a clock they move by hand,
        /// so a day of retries takes no real waiting.
        public var now: @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

        /// The defaults.
        public init() {}
    }
}
