#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point on the monotonic clock, in nanoseconds. Deadlines must not move when the wall
/// clock is adjusted, so they use `CLOCK_MONOTONIC` rather than `Date`.
struct Deadline: Comparable, Sendable {
    var nanoseconds: UInt64

    static var now: Deadline {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Deadline(nanoseconds: UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec))
    }

    /// A deadline this far in the future (negative or NaN intervals mean "now").
    static func after(seconds: Double) -> Deadline {
        now.adding(seconds: seconds)
    }

    func adding(seconds: Double) -> Deadline {
        guard seconds > 0, seconds.isFinite else { return self }
        let delta = seconds >= 1e9 ? UInt64(1e18) : UInt64(seconds * 1e9)
        return Deadline(nanoseconds: nanoseconds &+ delta)
    }

    /// Seconds from `other` to `self` (negative when `self` is earlier).
    func seconds(since other: Deadline) -> Double {
        Double(Int64(bitPattern: nanoseconds &- other.nanoseconds)) / 1e9
    }

    static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}
