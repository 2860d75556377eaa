/// A local calendar date (proleptic Gregorian), written `YYYY-MM-DD`.
///
/// Stored as the number of days since 1970-01-01 so that comparison, hashing and
/// stepping are integer operations; the civil conversions use Howard Hinnant's
/// days-from-civil algorithm, which needs no Calendar and no allocation.
public struct DayKey: Hashable, Comparable, Sendable, CustomStringConvertible, LosslessStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let ordinal: Int

    /// The day `ordinal` days after 1970-01-01.
    public init(ordinal: Int) { self.ordinal = ordinal }

    /// The given date, or nil when it does not exist (e.g. 2026-02-29) or the year is
    /// outside 0…9999 (which `YYYY` cannot write).
    public init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= DayKey.daysInMonth(year: year, month: month)
        else { return nil }
        self.ordinal = DayKey.daysFromCivil(year: year, month: month, day: day)
    }

    /// Strictly parses `YYYY-MM-DD`: exactly 4-2-2 ASCII digits and a real date.
    public init?(_ description: String) {
        let bytes = Array(description.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let b = bytes[i]
                guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(b - UInt8(ascii: "0"))
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Earlier days sort first.
    public static func < (lhs: DayKey, rhs: DayKey) -> Bool { lhs.ordinal < rhs.ordinal }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> DayKey { DayKey(ordinal: ordinal + days) }

    /// The calendar year, month (1–12) and day of month (1–31).
    public var components: (year: Int, month: Int, day: Int) { DayKey.civilFromDays(ordinal) }

    /// The calendar year.
    public var year: Int { components.year }
    /// The month, 1–12.
    public var month: Int { components.month }
    /// The day of the month, 1–31.
    public var day: Int { components.day }

    /// ISO 8601 weekday: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let r = (ordinal + 3) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    /// `YYYY-MM-DD`, e.g. "2026-04-10".
    public var description: String {
        let (y, m, d) = components
        var out = [UInt8](repeating: UInt8(ascii: "0"), count: 10)
        func put(_ value: Int, at end: Int, width: Int) {
            var v = value
            for i in stride(from: end, to: end - width, by: -1) {
                out[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
        }
        // Years outside 0…9999 only arise from arithmetic; print the year's magnitude
        // modulo 10000 rather than crash — parsing never produces them.
        put(abs(y) % 10_000, at: 3, width: 4)
        out[4] = UInt8(ascii: "-")
        put(m, at: 6, width: 2)
        out[7] = UInt8(ascii: "-")
        put(d, at: 9, width: 2)
        return String(decoding: out, as: UTF8.self)
    }

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Days in `month` (1–12) of `year`, leap years counted.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a civil date (Hinnant, "chrono-Compatible Low-Level Date Algorithms").
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since 1970-01-01 (inverse of ``daysFromCivil``).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
