import Foundation
import Locking

/// Converts between UTC instants and local calendar days of IANA time zones, fast enough
/// to attribute every ingested sample (tens of thousands per second).
///
/// Foundation is asked once per zone for its `TimeZone` and once per probe for UTC
/// offsets; the answers are kept as offset tables of fixed 32-day UTC chunks (the offset
/// at the chunk start plus the exact transitions inside it). A lookup is then a
/// dictionary hit and a scan of at most a couple of transitions, followed by integer
/// arithmetic — no `Calendar`, no `DateComponents`.
///
/// Unknown identifiers are treated as UTC; ingest validation (``SampleValidator``)
/// keeps them out of stored data. Safe to share between threads: all mutable state is
/// behind one lock.
public final class ZoneClock: Sendable {
    /// A process-wide instance, so every caller shares one cache.
    public static let shared = ZoneClock()

    static let msPerDay: Int64 = 86_400_000
    /// Chunk length: long enough that a whole ingest batch usually hits one or two chunks,
    /// short enough that building one (≈770 hourly probes) stays in the tens of microseconds.
    static let chunkMs: Int64 = 32 * msPerDay
    /// Probe spacing when building a chunk. Real zones never change offset twice within
    /// an hour, so comparing hourly probes finds every transition.
    static let probeSeconds: Int64 = 3600

    private struct ZoneState {
        /// Nil for identifiers Foundation does not know; such zones behave as UTC.
        let timeZone: TimeZone?
        var chunks: [Int64: ZoneOffsetChunk] = [:]
    }

    private let state = Locked<[String: ZoneState]>([:])

    /// Creates an empty cache; most callers should use ``shared``.
    public init() {}

    /// The UTC offset of `zone` at the instant, in seconds (positive east of Greenwich).
    public func offsetSeconds(atMs ms: Int64, zone: String) -> Int {
        Int(chunk(zone: zone, index: Self.floorDiv(ms, Self.chunkMs)).offset(atMs: ms))
    }

    /// The local calendar date in `zone` at the instant.
    public func dayKey(atMs ms: Int64, zone: String) -> DayKey {
        DayKey(ordinal: Int(Self.floorDiv(localMs(atMs: ms, zone: zone), Self.msPerDay)))
    }

    /// Milliseconds since local midnight (0 ..< 86_400_000) in `zone` at the instant.
    public func localMillisecondOfDay(atMs ms: Int64, zone: String) -> Int64 {
        let local = localMs(atMs: ms, zone: zone)
        return local - Self.floorDiv(local, Self.msPerDay) * Self.msPerDay
    }

    /// Minutes since local midnight (0 ..< 1440) in `zone` at the instant.
    public func localMinuteOfDay(atMs ms: Int64, zone: String) -> Int {
        Int(localMillisecondOfDay(atMs: ms, zone: zone) / 60_000)
    }

    /// The UTC instant (ms) at which local date `day` begins in `zone`.
    ///
    /// Normally local midnight. When midnight does not exist that day (a DST jump at
    /// 00:00, as in America/Santiago) it is the first instant of the date, i.e. the
    /// transition; when midnight happens twice (clocks set back to 23:00 at 00:00) it is
    /// the first. Hence `startOfDayMs(day + 1) - startOfDayMs(day)` is 23 h or 25 h on
    /// DST days.
    public func startOfDayMs(_ day: DayKey, zone: String) -> Int64 {
        let localMidnightMs = Int64(day.ordinal) * Self.msPerDay
        // Offsets stay within ±26 h of UTC, so the answer lies in this window.
        let windowStart = localMidnightMs - 26 * 3_600_000
        let windowEnd = localMidnightMs + 26 * 3_600_000
        // Walk the constant-offset stretches in time order; in each, the instants whose
        // local time is ≥ local midnight start at `localMidnight - offset`. The first
        // stretch containing such an instant holds the earliest one.
        var index = Self.floorDiv(windowStart, Self.chunkMs)
        var segmentStart = windowStart
        var segmentOffsetMs = Int64(chunk(zone: zone, index: index).offset(atMs: windowStart)) * 1000
        while segmentStart < windowEnd {
            let chunk = self.chunk(zone: zone, index: index)
            let chunkEnd = (index + 1) * Self.chunkMs
            for transition in chunk.transitions where transition.atMs > segmentStart {
                let candidate = max(segmentStart, localMidnightMs - segmentOffsetMs)
                if candidate < transition.atMs { return candidate }
                segmentStart = transition.atMs
                segmentOffsetMs = Int64(transition.offsetSeconds) * 1000
            }
            if chunkEnd >= windowEnd { break }
            index += 1
        }
        return max(segmentStart, localMidnightMs - segmentOffsetMs)
    }

    /// The UTC instant at which the local day after `day` begins; the end of `day`.
    public func endOfDayMs(_ day: DayKey, zone: String) -> Int64 {
        startOfDayMs(day.adding(days: 1), zone: zone)
    }

    func localMs(atMs ms: Int64, zone: String) -> Int64 {
        ms + Int64(offsetSeconds(atMs: ms, zone: zone)) * 1000
    }

    private func chunk(zone: String, index: Int64) -> ZoneOffsetChunk {
        let cached: (chunk: ZoneOffsetChunk?, timeZone: TimeZone??) = state.withLock { zones in
            guard let entry = zones[zone] else { return (nil, nil) }
            return (entry.chunks[index], .some(entry.timeZone))
        }
        if let chunk = cached.chunk { return chunk }
        // Build outside the lock so other threads are not held up by Foundation calls;
        // two threads racing on the same chunk compute identical values.
        let timeZone = cached.timeZone ?? FixedOffsetZone.timeZone(zone)
        let built = ZoneOffsetChunk.build(
            timeZone: timeZone, startMs: index * Self.chunkMs, endMs: (index + 1) * Self.chunkMs,
            probeSeconds: Self.probeSeconds)
        state.withLock { zones in
            zones[zone, default: ZoneState(timeZone: timeZone)].chunks[index] = built
        }
        return built
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
