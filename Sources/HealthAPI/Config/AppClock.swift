#if canImport(Glibc)
import Glibc
#endif

/// The time source of the application: wall-clock milliseconds since the Unix epoch.
/// Injected so that retry schedules and "yesterday" are testable with a fixed clock.
public struct AppClock: Sendable {
    private let nowMs: @Sendable () -> Int64

    public init(_ nowMs: @escaping @Sendable () -> Int64) { self.nowMs = nowMs }

    /// The current time in milliseconds since 1970-01-01T00:00:00Z.
    public func now() -> Int64 { nowMs() }

    /// The system's real-time clock.
    public static let system = AppClock {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// A clock that always answers `ms`.
    public static func fixed(_ ms: Int64) -> AppClock { AppClock { ms } }

    /// Monotonic seconds, for uptime and latency (immune to wall-clock steps).
    public static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
