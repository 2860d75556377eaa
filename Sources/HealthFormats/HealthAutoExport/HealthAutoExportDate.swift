import HealthDomain

/// A date as Health Auto Export writes it, reduced to an instant and the UTC offset the
/// phone was at — the offset is all HAE says about where a sample was taken, so it
/// becomes the sample's zone (`UTC+02:00`, see ``FixedOffsetZone``) and gives its local day.
///
/// Accepted spellings (the app's output follows the phone's locale and version):
/// - `2026-05-14 23:00:00 +0200` (the documented `yyyy-MM-dd HH:mm:ss Z`; `+02:00` too),
/// - `2026-05-14 11:00:00 PM +0200` — a 12-hour clock, with a space, a no-break space
///   (U+00A0) or the narrow no-break space (U+202F) some locales put before AM/PM,
/// - ISO 8601: `2026-05-14T23:00:00+02:00`, `…Z`, with or without fractional seconds.
///
/// A date without an offset is rejected rather than guessed: its local day is unknown.
public struct HealthAutoExportDate: Sendable, Equatable {
    /// The instant, Unix epoch milliseconds.
    public var ms: Int64
    /// The UTC offset written with it, seconds east of Greenwich.
    public var offsetSeconds: Int

    /// A parsed date.
    public init(ms: Int64, offsetSeconds: Int) {
        self.ms = ms
        self.offsetSeconds = offsetSeconds
    }

    /// The fixed-offset zone name of ``offsetSeconds`` (`UTC+02:00`).
    public var zone: String { FixedOffsetZone.name(offsetSeconds: offsetSeconds) ?? "UTC" }

    /// The formats a message names when a date does not parse.
    public static let expected = "'yyyy-MM-dd HH:mm:ss Z' (2026-05-14 23:00:00 +0200), a 12-hour clock with AM/PM, or ISO 8601 with an offset"

    /// Parses `text`; nil when it is none of the accepted spellings or names no real date.
    public static func parse(_ text: String) -> HealthAutoExportDate? {
        // Native strings are contiguous: scan their bytes in place, without a copy.
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ bytes -> HealthAutoExportDate? in
            var scanner = Scanner(bytes)
            return scanner.date()
        }) {
            return parsed
        }
        return Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scanner = Scanner(bytes)
            return scanner.date()
        }
    }

    /// A byte cursor over the text; every method consumes only on success.
    struct Scanner {
        /// Valid only during `parse`, which owns the storage.
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        mutating func digits(min: Int, max: Int) -> Int? {
            var value = 0, count = 0
            while count < max, index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
                count += 1
            }
            if count < min { index -= count; return nil }
            return value
        }

        mutating func byte(_ expected: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == expected else { return false }
            index += 1
            return true
        }

        /// One space, no-break space (C2 A0) or narrow no-break space (E2 80 AF).
        mutating func space() -> Bool {
            if byte(0x20) { return true }
            if index + 1 < bytes.count, bytes[index] == 0xC2, bytes[index + 1] == 0xA0 { index += 2; return true }
            if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80, bytes[index + 2] == 0xAF { index += 3; return true }
            return false
        }

        /// `AM`/`PM` (any case, dots allowed: `a.m.`): 0 for AM, 12 for PM.
        mutating func meridiem() -> Int? {
            let start = index
            guard index < bytes.count else { return nil }
            let first = bytes[index] | 0x20
            guard first == 0x61 || first == 0x70 else { return nil }
            index += 1
            _ = byte(0x2E)
            guard index < bytes.count, bytes[index] | 0x20 == 0x6D else { index = start; return nil }
            index += 1
            _ = byte(0x2E)
            return first == 0x61 ? 0 : 12
        }

        /// `Z`, `+HHMM`, `+HH:MM` or `+HH`; seconds east of UTC.
        mutating func offset() -> Int? {
            if byte(0x5A) { return 0 }
            let sign: Int
            if byte(0x2B) { sign = 1 } else if byte(0x2D) { sign = -1 } else { return nil }
            guard let hours = digits(min: 2, max: 2) else { return nil }
            var minutes = 0
            if byte(0x3A) {
                guard let m = digits(min: 2, max: 2) else { return nil }
                minutes = m
            } else if let m = digits(min: 2, max: 2) {
                minutes = m
            }
            guard minutes < 60, hours * 3600 + minutes * 60 <= FixedOffsetZone.maxOffsetSeconds else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }

        mutating func date() -> HealthAutoExportDate? {
            guard let year = digits(min: 4, max: 4), byte(0x2D), let month = digits(min: 2, max: 2), byte(0x2D),
                  let day = digits(min: 2, max: 2), (1...12).contains(month), (1...DayKey.daysInMonth(year: year, month: month)).contains(day)
            else { return nil }
            let iso = byte(0x54)
            guard iso || space() else { return nil }
            guard var hour = digits(min: 1, max: 2), byte(0x3A), let minute = digits(min: 2, max: 2) else { return nil }
            var second = 0, millisecond = 0
            if byte(0x3A) {
                guard let s = digits(min: 2, max: 2) else { return nil }
                second = s
                if byte(0x2E) || byte(0x2C) {
                    let start = index
                    guard let fraction = digits(min: 1, max: 9) else { return nil }
                    let count = index - start
                    var scaled = fraction
                    if count > 3 { for _ in 0..<(count - 3) { scaled /= 10 } } else { for _ in 0..<(3 - count) { scaled *= 10 } }
                    millisecond = scaled
                }
            }
            guard minute < 60, second < 61 else { return nil }
            if !iso {
                // A 12-hour clock: "11:00:00 PM". Its hour is 1–12; 12 AM is midnight.
                let save = index
                if space(), let half = meridiem() {
                    guard (1...12).contains(hour) else { return nil }
                    hour = hour % 12 + half
                } else {
                    index = save
                }
                guard space() else { return nil }
            }
            guard hour < 24, let offset = offset(), atEnd else { return nil }
            let days = DayKey.daysFromCivil(year: year, month: month, day: day)
            let localSeconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
            return HealthAutoExportDate(ms: (localSeconds - Int64(offset)) * 1000 + Int64(millisecond), offsetSeconds: offset)
        }
    }
}
