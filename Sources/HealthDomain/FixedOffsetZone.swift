import Foundation

/// Zone names for a fixed UTC offset, `UTC+09:00` or `UTC-03:30`: what a sample written
/// with an offset (`2026-04-10T08:00:00+09:00`) or HealthSave's `tzOffsetMinutes` says
/// about where it was taken, when no IANA name is known. Such a zone has no daylight
/// saving time, so its local day is the instant plus the offset.
public enum FixedOffsetZone {
    /// Offsets beyond ±18 h do not exist (ISO 8601 and Foundation both stop there).
    public static let maxOffsetSeconds = 18 * 3600

    /// The offset in seconds east of UTC that `name` spells, or nil when it is not of
    /// the form `UTC±HH:MM` with HH ≤ 18 and MM < 60.
    public static func offsetSeconds(_ name: String) -> Int? {
        let bytes = Array(name.utf8)
        // "UTC" sign H H ":" M M
        guard bytes.count == 9, bytes[0] == 0x55, bytes[1] == 0x54, bytes[2] == 0x43, bytes[6] == 0x3A else { return nil }
        let sign: Int
        switch bytes[3] {
        case 0x2B: sign = 1
        case 0x2D: sign = -1
        default: return nil
        }
        func digit(_ byte: UInt8) -> Int? { (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil }
        guard let h1 = digit(bytes[4]), let h2 = digit(bytes[5]), let m1 = digit(bytes[7]), let m2 = digit(bytes[8]) else { return nil }
        let hours = h1 * 10 + h2, minutes = m1 * 10 + m2
        guard minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        guard seconds <= maxOffsetSeconds else { return nil }
        return sign * seconds
    }

    /// The name of the zone `offsetSeconds` east of UTC (rounded down to the minute):
    /// `UTC+09:00`; nil beyond ±18 h.
    public static func name(offsetSeconds: Int) -> String? {
        guard abs(offsetSeconds) <= maxOffsetSeconds else { return nil }
        let magnitude = abs(offsetSeconds) / 60
        let hours = magnitude / 60, minutes = magnitude % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "UTC\(offsetSeconds < 0 ? "-" : "+")\(two(hours)):\(two(minutes))"
    }

    /// Foundation's zone for `name`: fixed-offset names through `TimeZone(secondsFromGMT:)`
    /// (Foundation does not resolve them as identifiers), every other name as an identifier.
    public static func timeZone(_ name: String) -> TimeZone? {
        if let seconds = offsetSeconds(name) { return TimeZone(secondsFromGMT: seconds) }
        return TimeZone(identifier: name)
    }
}
