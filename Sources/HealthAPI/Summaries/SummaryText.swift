import HealthDomain
import JSON

/// The plain-language pieces of summary texts: dates, numbers with units, durations and
/// local clock times, always written the same way so golden texts stay stable and an
/// agent can quote them.
enum SummaryText {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Tue 17 Nov 2026".
    static func date(_ day: DayKey) -> String {
        let (y, m, d) = day.components
        return "\(weekdays[day.weekday - 1]) \(d) \(months[m - 1]) \(y)"
    }

    /// "2 Nov – 8 Nov 2026", or with both years when they differ.
    static func range(_ from: DayKey, _ to: DayKey) -> String {
        let (fy, fm, fd) = from.components
        let (ty, tm, td) = to.components
        if fy == ty { return "\(weekdays[from.weekday - 1]) \(fd) \(months[fm - 1]) – \(weekdays[to.weekday - 1]) \(td) \(months[tm - 1]) \(ty)" }
        return "\(date(from)) – \(date(to))"
    }

    /// 8432 → "8,432" (rounded to a whole number).
    static func integer(_ value: Double) -> String {
        grouped(Int(value.rounded()))
    }

    /// 72.44 → "72.4": one decimal, thousands grouped.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return sign + grouped(abs(tenths) / 10) + "." + String(abs(tenths) % 10)
    }

    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// 432 → "7 h 12 min", 45 → "45 min".
    static func duration(minutes: Int) -> String {
        minutes >= 60 ? "\(minutes / 60) h \(twoDigits(minutes % 60)) min" : "\(minutes) min"
    }

    /// The short form used inside parentheses: 65 → "1 h 05", 40 → "40 min".
    static func shortDuration(minutes: Int) -> String {
        minutes >= 60 ? "\(minutes / 60) h \(twoDigits(minutes % 60))" : "\(minutes) min"
    }

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Minutes since midnight as "HH:MM"; values past midnight wrap (1500 → "01:00").
    static func clock(minuteOfDay: Int) -> String {
        let m = ((minuteOfDay % 1440) + 1440) % 1440
        return "\(twoDigits(m / 60)):\(twoDigits(m % 60))"
    }

    /// The local wall-clock time of an instant in `zone`, "HH:MM".
    static func clock(atMs ms: Int64, zone: String) -> String {
        clock(minuteOfDay: ZoneClock.shared.localMinuteOfDay(atMs: ms, zone: zone))
    }

    /// An instant as local ISO 8601 with its offset, e.g. "2026-11-17T22:41:00+01:00".
    static func isoLocal(atMs ms: Int64, zone: String) -> String {
        let clock = ZoneClock.shared
        let offset = clock.offsetSeconds(atMs: ms, zone: zone)
        let day = clock.dayKey(atMs: ms, zone: zone)
        let second = Int(clock.localMillisecondOfDay(atMs: ms, zone: zone) / 1000)
        let time = "\(twoDigits(second / 3600)):\(twoDigits(second / 60 % 60)):\(twoDigits(second % 60))"
        let sign = offset < 0 ? "-" : "+"
        let zoneText = "\(sign)\(twoDigits(abs(offset) / 3600)):\(twoDigits(abs(offset) / 60 % 60))"
        return "\(day)T\(time)\(zoneText)"
    }

    /// "12% above", "3% below" or "in line with" for a relative change in percent.
    static func comparison(percent: Double) -> String {
        let rounded = Int(percent.rounded())
        if rounded == 0 { return "in line with" }
        return rounded > 0 ? "\(rounded)% above" : "\(-rounded)% below"
    }

    /// "+400", "-120": a signed whole number.
    static func signed(_ value: Double) -> String {
        let n = Int(value.rounded())
        return (n > 0 ? "+" : "") + grouped(n)
    }
}

/// Numbers as they appear in summary JSON: rounded so that answers are compact and
/// deterministic; the math always uses the unrounded values.
enum SummaryNumber {
    static func rounded(_ value: Double, decimals: Int) -> JSONValue {
        guard value.isFinite else { return .null }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let r = (value * scale).rounded() / scale
        return .number(r == 0 ? 0 : r)
    }

    /// Rounded to the decimals the metric's wording keeps.
    static func value(_ value: Double, _ spec: MetricSpec) -> JSONValue {
        rounded(value, decimals: spec.summaryDecimals)
    }
}
