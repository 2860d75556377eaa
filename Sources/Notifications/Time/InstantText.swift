import Foundation

/// Instants written as ISO 8601 text, computed with integer calendar arithmetic so the
/// output does not depend on a formatter's locale or on the machine's time zone.
public enum InstantText {
    /// `2026-03-10T06:45:00.000Z`: UTC with milliseconds, as the API writes instants.
    public static func utc(ms: Int64) -> String {
        let (day, msOfDay) = split(ms)
        return date(day) + "T" + time(msOfDay) + "." + pad(Int(msOfDay % 1000), 3) + "Z"
    }

    /// `2026-03-10T07:45:00+01:00`: the wall-clock time in `zone` (an IANA name) with that
    /// zone's offset at the instant, to the second. An unknown zone reads as UTC (`+00:00`).
    public static func local(ms: Int64, zone: String) -> String {
        let offsetSeconds = TimeZone(identifier: zone)?.secondsFromGMT(for: Date(timeIntervalSince1970: Double(ms) / 1000)) ?? 0
        return local(ms: ms, offsetSeconds: offsetSeconds)
    }

    /// The wall-clock time at a fixed offset from UTC, with that offset, to the second.
    public static func local(ms: Int64, offsetSeconds: Int) -> String {
        let (day, msOfDay) = split(ms + Int64(offsetSeconds) * 1000)
        let sign = offsetSeconds < 0 ? "-" : "+"
        let magnitude = abs(offsetSeconds)
        return date(day) + "T" + time(msOfDay) + sign + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
    }

    /// Days since 1970-01-01 and milliseconds into that day; floor division, so instants
    /// before 1970 land on the right day.
    static func split(_ ms: Int64) -> (day: Int64, msOfDay: Int64) {
        let day = ms >= 0 ? ms / 86_400_000 : (ms + 1) / 86_400_000 - 1
        return (day, ms - day * 86_400_000)
    }

    /// `YYYY-MM-DD` of a day number (the proleptic Gregorian calendar, days from civil).
    static func date(_ day: Int64) -> String {
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let d = dayOfYear - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0)
        return pad(Int(y), 4) + "-" + pad(Int(m), 2) + "-" + pad(Int(d), 2)
    }

    /// `HH:MM:SS` of milliseconds into a day.
    static func time(_ msOfDay: Int64) -> String {
        let seconds = Int(msOfDay / 1000)
        return pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
