#if canImport(Glibc)
import Glibc
#endif

/// Seconds on `CLOCK_MONOTONIC`: keep-alive and retry timers must not jump with the wall clock.
enum MonotonicClock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
