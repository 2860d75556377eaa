import HealthDomain

/// ISO 8601 instants as the HealthSave app writes them — `2026-04-10T12:00:00Z`,
/// `2026-04-10T12:00:00.123Z`, `2026-04-10T21:00:00+09:00` — parsed without Foundation
/// (its formatters are slow and not thread-safe), and written back for receipts.
public enum HealthSaveDate {
    /// One parsed instant and the offset it was written with.
    public struct Parsed: Sendable, Equatable {
        /// The instant, Unix epoch milliseconds.
        public var ms: Int64
        /// The written offset in seconds east of UTC; nil for `Z` or no offset at all.
        public var offsetSeconds: Int?
    }

    /// The instant `text` spells, or nil. Accepts `T` or a space between date and time,
    /// seconds with any number of fractional digits (milliseconds kept), and `Z`,
    /// `±HH:MM`, `±HHMM` or `±HH` (no zone at all reads as UTC).
    public static func parse(_ text: String) -> Parsed? {
        let b = Array(text.utf8)
        guard b.count >= 16 else { return nil }
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var n = 0
            for i in from..<(from + count) {
                guard (0x30...0x39).contains(b[i]) else { return nil }
                n = n * 10 + Int(b[i] - 0x30)
            }
            return n
        }
        guard let year = num(0, 4), b[4] == 0x2D, let month = num(5, 2), b[7] == 0x2D, let day = num(8, 2),
              b[10] == 0x54 || b[10] == 0x20 || b[10] == 0x74, let hour = num(11, 2), b[13] == 0x3A, let minute = num(14, 2)
        else { return nil }
        var i = 16
        var second = 0
        var millis = 0
        if i < b.count, b[i] == 0x3A {
            guard let s = num(i + 1, 2) else { return nil }
            second = s
            i += 3
            if i < b.count, b[i] == 0x2E || b[i] == 0x2C {
                i += 1
                var digits = 0
                while i < b.count, (0x30...0x39).contains(b[i]) {
                    if digits < 3 { millis = millis * 10 + Int(b[i] - 0x30) }
                    digits += 1
                    i += 1
                }
                guard digits > 0 else { return nil }
                for _ in min(digits, 3)..<3 { millis *= 10 }
            }
        }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour <= 24, minute < 60, second <= 60 else { return nil }
        var offset: Int?
        if i < b.count {
            switch b[i] {
            case 0x5A, 0x7A:
                guard i + 1 == b.count else { return nil }
            case 0x2B, 0x2D:
                let sign = b[i] == 0x2B ? 1 : -1
                guard let oh = num(i + 1, 2) else { return nil }
                var om = 0
                let rest = b.count - (i + 3)
                if rest == 3, b[i + 3] == 0x3A, let m = num(i + 4, 2) { om = m }
                else if rest == 2, let m = num(i + 3, 2) { om = m }
                else if rest != 0 { return nil }
                guard oh <= 18, om < 60 else { return nil }
                offset = sign * (oh * 3600 + om * 60)
            default:
                return nil
            }
        }
        let days = Int64(DayKey.daysFromCivil(year: year, month: month, day: day))
        let localSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
        return Parsed(ms: (localSeconds - Int64(offset ?? 0)) * 1000 + Int64(millis), offsetSeconds: offset)
    }

    /// `2026-04-10T07:00:00Z`, with `.123` when the instant has milliseconds.
    public static func format(_ ms: Int64) -> String {
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        let millis = Int(ms - seconds * 1000)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let day = DayKey(ordinal: Int(days))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = "\(day.description)T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if millis != 0 {
            let digits = String(millis)
            text += "." + String(repeating: "0", count: 3 - digits.count) + digits
        }
        return text + "Z"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
