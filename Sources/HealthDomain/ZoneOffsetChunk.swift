import Foundation

/// The UTC offsets of one zone over one stretch of UTC time: the offset at the start
/// and every change inside, to the second.
struct ZoneOffsetChunk: Sendable {
    struct Transition: Sendable {
        /// First instant (ms) with the new offset.
        let atMs: Int64
        let offsetSeconds: Int32
    }

    let startOffsetSeconds: Int32
    /// Sorted by time; usually empty, at most two in a DST zone.
    let transitions: [Transition]

    func offset(atMs ms: Int64) -> Int32 {
        var offset = startOffsetSeconds
        for transition in transitions {
            if transition.atMs > ms { break }
            offset = transition.offsetSeconds
        }
        return offset
    }

    /// Probes Foundation every `probeSeconds` across `[startMs, endMs]` and bisects each
    /// change down to the second at which it happens.
    static func build(timeZone: TimeZone?, startMs: Int64, endMs: Int64, probeSeconds: Int64) -> ZoneOffsetChunk {
        guard let timeZone else { return ZoneOffsetChunk(startOffsetSeconds: 0, transitions: []) }
        func offset(atSecond s: Int64) -> Int32 {
            Int32(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(s))))
        }
        let startSecond = startMs / 1000
        let endSecond = endMs / 1000
        let first = offset(atSecond: startSecond)
        var transitions: [Transition] = []
        var previousSecond = startSecond
        var previousOffset = first
        var probe = startSecond
        while probe < endSecond {
            probe = min(probe + probeSeconds, endSecond)
            let current = offset(atSecond: probe)
            if current != previousOffset {
                // Invariant: offset(low) == previousOffset, offset(high) != previousOffset.
                var low = previousSecond
                var high = probe
                while high - low > 1 {
                    let mid = low + (high - low) / 2
                    if offset(atSecond: mid) == previousOffset { low = mid } else { high = mid }
                }
                let newOffset = offset(atSecond: high)
                transitions.append(Transition(atMs: high * 1000, offsetSeconds: newOffset))
                previousOffset = newOffset
            }
            previousSecond = probe
        }
        return ZoneOffsetChunk(startOffsetSeconds: first, transitions: transitions)
    }
}
